// The image library's delete (docs/console.md#images): asks first, sends images/delete, shows the
// ImageInUse refusal translated with where the image is shown, and drops a deleted image.
import { consoleApi, consoleExamples, ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/render';

const listPath = consoleApi.consoleImagesList.path;
const deletePath = consoleApi.consoleImagesDelete.path;
const packs = consoleExamples.consoleCatalogPacksList.result;
const preview = consoleExamples.consoleCatalogPreview.result;
const images = consoleExamples.consoleImagesList.result;
const image = images.list[0]!;

async function openLibrary(handlers: Parameters<typeof renderConsole>[1]) {
  const view = renderConsole('/catalog', {
    [consoleApi.consoleCatalogPacksList.path]: () => packs,
    [consoleApi.consoleCatalogPreview.path]: () => preview,
    ...handlers,
  });
  // The whole console renders first (lazy routes): slow on a busy machine.
  await view.user.click(
    await view.findByRole('button', { name: 'Add HC Point pack' }, { timeout: 10_000 }),
  );
  await view.user.click(screen.getByRole('button', { name: 'Choose uploaded' }));
  const dialog = await screen.findByRole('dialog', { name: 'Uploaded images' }, { timeout: 5000 });
  return { ...view, dialog };
}

describe('image library', () => {
  it('refuses an image in use, listing where it is shown, translated', async () => {
    const { user, dialog, api } = await openLibrary({
      [listPath]: () => images,
      [deletePath]: () =>
        Response.json({
          code: ErrorCode.ImageInUse,
          msg: 'in use',
          data: {
            usedBy: [
              { kind: 'pack', id: '12', label: '1,000 HC Point' },
              { kind: 'home', id: '1', label: 'Demo Game' },
            ],
          },
        }),
    });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Delete this image (256×256)' }),
    );
    const confirm = within(dialog).getByTestId('image-delete-confirm');
    expect(confirm).toHaveTextContent('Delete this image (256×256) for good?');
    expect(api.calls.some((c) => c.path === deletePath)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete image' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('This image is still shown somewhere. Replace it there first.');
    expect(alert).toHaveTextContent('Pack 12 · 1,000 HC Point');
    expect(alert).toHaveTextContent('Home page of game 1 · Demo Game');
    expect(api.calls.find((c) => c.path === deletePath)?.body).toEqual({ id: image.id });
    // Cancel leaves the image in the library.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByTestId('image-delete-confirm')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Use this image (256×256)' })).toBeVisible();
  });

  it('deletes an unused image after the confirmation and lists the rest', async () => {
    let deleted = false;
    const { user, dialog } = await openLibrary({
      [listPath]: () => (deleted ? { ...images, list: [], total: 0 } : images),
      [deletePath]: () => {
        deleted = true;
        return { success: true };
      },
    });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Delete this image (256×256)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Image deleted.');
    await waitFor(() => expect(within(dialog).getByText('No images uploaded yet.')).toBeVisible());
  });
});
