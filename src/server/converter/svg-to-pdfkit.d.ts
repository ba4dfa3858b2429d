declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    assumePt?: boolean;
    preserveAspectRatio?: string;
    /** Turns an <image> href into what pdfkit opens (a string is read as a file path). */
    imageCallback?: (link: string) => string | Buffer;
    warningCallback?: (message: string) => void;
    /** Rewrites each parsed colour ([[r, g, b] 0–255, opacity]); 4 components mean CMYK. */
    colorCallback?: (color: [number[], number] | undefined) => [number[], number] | undefined;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SvgToPdfOptions,
  ): void;
}
