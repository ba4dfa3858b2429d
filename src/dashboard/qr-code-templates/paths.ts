// SPEC §2's template routes (qrcodeTemplateOverview, qrcodeTemplateAdd, qrcodeTemplateDetailsEdit).
export const templatePaths = {
  overview: (pid: string) => `/projects/${pid}/qrcodes/templates`,
  add: (pid: string) => `/projects/${pid}/qrcodes/template/toevoegen`,
  detailsEdit: (pid: string, id: string) => `/projects/${pid}/qrcodes/template/${id}/details/edit`,
};
