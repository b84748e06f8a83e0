// The Catalog section: packs listed with status and missing translations, the editor sends the
// whole pack and shows the server's field refusals, uploads a picture (progress, translated
// errors), and the preview shows the pack grid in the chosen player language.
import { consoleApi, consoleExamples, ErrorCode } from '@hc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../test/render';

const listPath = consoleApi.consoleCatalogPacksList.path;
const previewPath = consoleApi.consoleCatalogPreview.path;
const updatePath = consoleApi.consoleCatalogPackUpdate.path;
const createPath = consoleApi.consoleCatalogPackCreate.path;
const packs = consoleExamples.consoleCatalogPacksList.result;
const preview = consoleExamples.consoleCatalogPreview.result;
const uploaded = consoleExamples.consoleImagesUpload.result;

/** A stand-in XMLHttpRequest answering the image upload with `answer` after one progress event. */
function stubUpload(answer: unknown) {
  const sent: Array<{ headers: Record<string, string>; body: unknown }> = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 200;
    responseText = '';
    withCredentials = false;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: unknown) {
      sent.push({ headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalog page', () => {
  it('lists packs with their status and preview, and saves an edited pack', async () => {
    const { user, api } = renderConsole('/catalog', {
      [listPath]: () => packs,
      [previewPath]: () => preview,
      [updatePath]: (body) => ({ ...packs.list[0], ...body }),
    });
    const row = await screen.findByTestId('pack-hc_1000');
    expect(within(row).getByText('On sale')).toBeVisible();
    expect(within(row).getByText('7 translations missing')).toBeVisible();
    const grid = await screen.findByTestId('catalog-preview-grid');
    expect(within(grid).getByTestId('preview-hc_5000')).toHaveTextContent('Scheduled');

    await user.click(within(row).getByRole('button', { name: 'Edit hc_1000' }));
    expect(await screen.findByText('7 languages show the en-US name')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /de-DE/ }));
    await user.type(screen.getByLabelText('Name (de-DE)'), '1.000 HC-Punkte');
    expect(await screen.findByText('6 languages show the en-US name')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === updatePath)).toBe(true));
    const sent = api.calls.find((c) => c.path === updatePath)?.body;
    expect(sent).toMatchObject({
      id: 12,
      cpGoodsId: 'hc_1000',
      price: 999,
      currency: 'USD',
      names: { 'en-US': '1,000 HC Point', 'de-DE': '1.000 HC-Punkte' },
    });
  });

  it('shows the server refusal next to its field, and uploads a picture with progress', async () => {
    const sent = stubUpload({ code: 0, msg: 'ok', result: uploaded });
    const { user, api } = renderConsole('/catalog', {
      [listPath]: () => packs,
      [previewPath]: () => preview,
      [createPath]: () =>
        Response.json({
          code: ErrorCode.CatalogPackInvalid,
          msg: 'invalid',
          data: {
            issues: [{ path: 'names.en-US', message: 'An enabled pack needs an en-US name' }],
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add HC Point pack' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pack.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [file] } });
    expect(await screen.findByAltText('Chosen picture')).toHaveAttribute('src', uploaded.url);
    expect(sent[0]?.headers['content-type']).toBe('image/png');
    expect(sent[0]?.headers['x-csrf-token']).toBe('csrf-test-token');

    await user.type(screen.getByLabelText(/Item id/), 'hc_new');
    await user.click(screen.getByRole('button', { name: 'Create pack' }));
    expect(
      await screen.findByText(
        'Players could not be shown this pack as it is. Check the marked fields.',
      ),
    ).toBeVisible();
    expect(screen.getByText('An enabled pack needs an en-US name')).toBeVisible();
    const body = api.calls.find((c) => c.path === createPath)?.body;
    expect(body).toMatchObject({ kind: 'coin', gameId: 1, images: { 'en-US': uploaded.url } });
  });

  it('translates an upload refusal', async () => {
    stubUpload({ code: ErrorCode.ImageTypeRefused, msg: 'refused' });
    const { user } = renderConsole('/catalog', {
      [listPath]: () => packs,
      [previewPath]: () => preview,
    });
    await user.click(await screen.findByRole('button', { name: 'Add HC Point pack' }));
    const file = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [file] } });
    expect(
      await screen.findByText(
        'Only PNG, JPEG and WebP images can be uploaded (SVG is not accepted).',
      ),
    ).toHaveAttribute('role', 'alert');
  });
});
