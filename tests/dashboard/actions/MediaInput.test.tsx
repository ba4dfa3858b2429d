// The media field of SPEC §4: view/delete/undo in its three cases, and uploads refused in the
// browser (type, size, storage left) before any request is made.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../../locales/en.json';
import { MediaInput, mediaCase } from '../../../src/dashboard/media/MediaInput';
import { MEDIA_ID, NEW_MEDIA_ID, renderInForm, storageDataProvider } from './helpers';

const STORED = {
  mediaId: MEDIA_ID,
  remove: false,
  source: { name: 'tune.mp3', versions: { original: `/api/file/${MEDIA_ID}` } },
};

const soundAction = (sound: Record<string, unknown>) => ({
  id: '01HZY8Q4J8M7V0K2T3R5N6P7QD',
  name: 'Sound',
  objectType: 'sound',
  data: { sound },
});

const box = () => screen.getByTestId('media-input-data-sound');
const button = (name: string) => screen.queryByTestId(`media-input-data-sound-${name}`);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MediaInput: the three cases of SPEC §4', () => {
  it('a stored source: view opens versions.original, delete marks it for removal, undo restores', async () => {
    renderInForm(
      <MediaInput source="data.sound" kind="sound" preview="audio" />,
      soundAction(STORED),
    );
    await screen.findByTestId('media-input-data-sound');
    expect(box().dataset.mediaCase).toBe('stored');
    expect(button('view')?.getAttribute('href')).toBe(`/api/file/${MEDIA_ID}`);
    expect(button('undo')).toBeNull();
    expect(box().querySelector('audio')?.getAttribute('src')).toBe(`/api/file/${MEDIA_ID}`);

    fireEvent.click(button('delete')!);
    await waitFor(() => expect(box().dataset.mediaCase).toBe('removing'));
    expect(button('delete')).toBeNull();
    expect(button('view')).toBeNull();
    expect(screen.getByText(en.app.media.removal_pending)).toBeTruthy();

    fireEvent.click(button('undo')!);
    await waitFor(() => expect(box().dataset.mediaCase).toBe('stored'));
    expect(button('delete')).toBeTruthy();
  });

  it('a new file: view opens the new one, delete drops it and keeps the stored one', async () => {
    renderInForm(
      <MediaInput source="data.sound" kind="sound" preview="audio" />,
      soundAction({ ...STORED }),
    );
    await screen.findByTestId('media-input-data-sound');
    // Simulate a finished upload through the file API with a fake XMLHttpRequest.
    installFakeXhr(201, {
      data: {
        id: NEW_MEDIA_ID,
        name: 'new.mp3',
        kind: 'sound',
        mimeType: 'audio/mpeg',
        size: 3,
        versions: { original: `/api/file/${NEW_MEDIA_ID}` },
      },
    });
    pick(new File(['abc'], 'new.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(box().dataset.mediaCase).toBe('new'));
    expect(button('view')?.getAttribute('href')).toBe(`/api/file/${NEW_MEDIA_ID}`);
    expect(button('undo')).toBeNull();

    fireEvent.click(button('delete')!);
    await waitFor(() => expect(box().dataset.mediaCase).toBe('stored'));
    expect(button('view')?.getAttribute('href')).toBe(`/api/file/${MEDIA_ID}`);
  });

  it('without any file only the choose button shows', async () => {
    renderInForm(<MediaInput source="data.sound" kind="sound" />, soundAction({}));
    await screen.findByTestId('media-input-data-sound');
    expect(box().dataset.mediaCase).toBe('empty');
    expect(button('choose')).toBeTruthy();
    expect(button('view')).toBeNull();
    expect(button('delete')).toBeNull();
    expect(button('undo')).toBeNull();
  });

  it('mediaCase reads the value', () => {
    expect(mediaCase({ mediaId: null, remove: false })).toBe('empty');
    expect(mediaCase(STORED)).toBe('stored');
    expect(mediaCase({ ...STORED, remove: true })).toBe('removing');
    expect(
      mediaCase({
        ...STORED,
        mediaId: NEW_MEDIA_ID,
        file: { name: 'n', url: 'u', mimeType: 'm', replaces: MEDIA_ID },
      }),
    ).toBe('new');
  });
});

describe('MediaInput: checks before uploading', () => {
  it.each([
    ['sound', 'notes.txt', 10, en.errors.api.mimes],
    ['cover', 'cover.gif', 10, en.errors.api.mimes],
    ['cover', 'cover.png', 10_000_001, en.errors.api.size.replace('%{max}', '10000')],
    ['sound', 'long.mp3', 50_000_001, en.errors.api.size.replace('%{max}', '50000')],
  ] as const)('%s: %s of %i bytes is refused with "%s"', async (kind, name, size, message) => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderInForm(<MediaInput source="data.sound" kind={kind} />, soundAction({}));
    await screen.findByTestId('media-input-data-sound');
    pick(sizedFile(name, size));
    expect(await screen.findByTestId('media-input-data-sound-error')).toHaveProperty(
      'textContent',
      message,
    );
    expect(open).not.toHaveBeenCalled();
    expect(box().dataset.mediaCase).toBe('empty');
  });

  it('refuses a file larger than the storage left in the project', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderInForm(
      <MediaInput source="data.sound" kind="sound" />,
      soundAction({}),
      storageDataProvider(1000),
    );
    await screen.findByTestId('media-input-data-sound');
    // Wait for the status to load (the choose button is enabled from the start).
    await new Promise((resolve) => setTimeout(resolve, 50));
    pick(sizedFile('tune.mp3', 2000));
    expect(await screen.findByTestId('media-input-data-sound-error')).toHaveProperty(
      'textContent',
      en.errors.api.size_project,
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the progress bar while uploading and the server’s 422 at the field', async () => {
    const fake = installFakeXhr(
      422,
      { errors: [{ code: 'file_type_not_supported', detail: 'x', source: { pointer: '/file' } }] },
      true,
    );
    renderInForm(<MediaInput source="data.sound" kind="sound" />, soundAction({}));
    await screen.findByTestId('media-input-data-sound');
    pick(new File(['abc'], 'fake.mp3'));
    const progress = await screen.findByTestId('media-upload-progress');
    fake.progress(50, 100);
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('50'));
    fake.finish();
    expect(await screen.findByTestId('media-input-data-sound-error')).toHaveProperty(
      'textContent',
      en.errors.api.file_type_not_supported,
    );
    expect(screen.queryByTestId('media-upload-progress')).toBeNull();
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      withCredentials: true,
      headers: { 'Client-Type': 'dashboard' },
    });
    expect(fake.requests[0].url).toMatch(/^\/api\/file\/[0-9A-Z]{26}$/);
    expect([...fake.requests[0].fields]).toEqual(['projectId', 'kind', 'file']);
  });
});

function pick(file: File) {
  const input = screen.getByTestId('media-input-data-sound-file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

function sizedFile(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface FakeRequest {
  method: string;
  url: string;
  withCredentials: boolean;
  headers: Record<string, string>;
  fields: string[];
}

/** Replaces XMLHttpRequest with a fake that answers `status` with `body` (on finish(), if held). */
function installFakeXhr(status: number, body: unknown, hold = false) {
  const requests: FakeRequest[] = [];
  const instances: FakeXhr[] = [];
  const current = () => instances[instances.length - 1];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: FakeRequest = {
      method: '',
      url: '',
      withCredentials: false,
      headers: {},
      fields: [],
    };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(form: FormData) {
      this.request.withCredentials = this.withCredentials;
      this.request.fields = [...form.keys()];
      requests.push(this.request);
      instances.push(this);
      if (!hold) setTimeout(() => this.finish(), 0);
    }
    abort() {
      this.onabort?.();
    }
    finish() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    requests,
    progress(loaded: number, total: number) {
      current()?.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    },
    finish() {
      current()?.finish();
    },
  };
}
