// Uploads an image file to /api/console/images/upload (docs/console.md#images): the body is the
// file itself, with the session's CSRF token like every console call, over XMLHttpRequest so the
// caller can show progress. Resolves with the stored image; rejects with an ApiError.
import {
  CONSOLE_CSRF_HEADER,
  consoleApi,
  errorEnvelopeSchema,
  ErrorCode,
  IMAGE_TYPES,
  uploadedImageSchema,
  type UploadedImage,
} from '@hc/contract';
import { ApiError } from './api-error';
import { currentCsrfToken } from './api';

/** What the file picker offers (the server checks the bytes anyway). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export function uploadImage(
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', consoleApi.consoleImagesUpload.path);
    xhr.withCredentials = true;
    const type = (IMAGE_TYPES as readonly string[]).includes(file.type)
      ? file.type
      : 'application/octet-stream';
    xhr.setRequestHeader('content-type', type);
    const csrf = currentCsrfToken();
    if (csrf) xhr.setRequestHeader(CONSOLE_CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(ApiError.network('Upload failed'));
    xhr.onabort = () => reject(ApiError.network('Upload cancelled'));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        reject(ApiError.network(`HTTP ${xhr.status}`));
        return;
      }
      const envelope = errorEnvelopeSchema.safeParse(json);
      if (!envelope.success) {
        reject(ApiError.network(`HTTP ${xhr.status}`));
        return;
      }
      const { code, msg, data } = envelope.data;
      if (code !== 0) {
        reject(new ApiError(code, msg, data));
        return;
      }
      const result = uploadedImageSchema.safeParse((json as { result?: unknown }).result);
      if (!result.success) reject(new ApiError(ErrorCode.SystemBusy, 'Unexpected answer'));
      else resolve(result.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
