import {
  cardImageUrl,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_MAX_COUNT,
  productPhotoId,
} from '@lumina/shared/catalog/product-images';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { removeProductPhoto, uploadProductPhoto } from '../api/catalog.ts';

/** The API says the same (photos.ts); checked here first so a wrong file is not sent at all. */
export const PHOTO_FIELD_MESSAGES = {
  notAnImage: 'Arquivo inválido: envie uma foto JPEG, PNG ou WebP.',
  tooLarge: 'A foto deve ter no máximo 5 MB.',
  full: `O produto já tem ${PRODUCT_PHOTO_MAX_COUNT} fotos: remova uma antes de enviar outra.`,
  uploading: 'Enviando foto...',
} as const;

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** What the browser can tell before sending: the server checks the bytes themselves. */
export function photoProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return PHOTO_FIELD_MESSAGES.notAnImage;
  if (file.size > PRODUCT_PHOTO_MAX_BYTES) return PHOTO_FIELD_MESSAGES.tooLarge;
  return null;
}

function Thumb({ src, label, onRemove }: { src: string; label: string; onRemove: () => void }) {
  return (
    <li className="relative">
      <img
        src={src}
        alt={label}
        width={96}
        height={96}
        className="size-24 rounded-xl border border-cream-200 bg-cream-100 object-cover"
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remover ${label.toLowerCase()}`}
        className="absolute -top-2 -right-2 grid size-8 place-items-center rounded-full bg-ink-900 text-sm font-bold text-white shadow"
      >
        ×
      </button>
    </li>
  );
}

/**
 * The form's photos. Editing a product, a chosen file is sent at once and the product's images
 * follow the server's answer; creating one, files wait (previewed) until the product exists.
 */
export function ProductPhotosField({
  productId,
  images,
  onImagesChange,
  queued,
  onQueuedChange,
}: {
  productId: number | null;
  images: string[];
  onImagesChange: (images: string[]) => void;
  queued: File[];
  onQueuedChange: (files: File[]) => void;
}) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const previews = useMemo(() => queued.map((file) => URL.createObjectURL(file)), [queued]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const count = images.length + queued.length;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    const good: File[] = [];
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) found.push(`${file.name}: ${problem}`);
      else if (count + good.length >= PRODUCT_PHOTO_MAX_COUNT)
        found.push(PHOTO_FIELD_MESSAGES.full);
      else good.push(file);
    }
    setProblems([...new Set(found)]);
    if (good.length === 0) return;
    if (productId === null) {
      onQueuedChange([...queued, ...good]);
      return;
    }
    setBusy(true);
    let current = images;
    try {
      for (const file of good) {
        try {
          current = (await uploadProductPhoto(productId, file)).product.images;
          onImagesChange(current);
        } catch (error) {
          found.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      setBusy(false);
      setProblems([...new Set(found)]);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  }

  async function remove(url: string) {
    const imageId = productPhotoId(url);
    // A picture that is not an upload (the demo drawings) just leaves the list on save.
    if (productId === null || imageId === null) {
      onImagesChange(images.filter((image) => image !== url));
      return;
    }
    setBusy(true);
    try {
      onImagesChange((await removeProductPhoto(productId, imageId)).product.images);
      setProblems([]);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      setProblems([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-ink-900">Fotos</legend>
      <p className="text-xs text-ink-700">
        JPEG, PNG ou WebP de até 5 MB; até {PRODUCT_PHOTO_MAX_COUNT} fotos. A primeira é a
        principal.
      </p>
      {count > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Fotos do produto">
          {images.map((url, index) => (
            <Thumb
              key={url}
              src={cardImageUrl(url)}
              label={`Foto ${index + 1}`}
              onRemove={() => void remove(url)}
            />
          ))}
          {queued.map((file, index) => (
            <Thumb
              key={previews[index]}
              src={previews[index] ?? ''}
              label={`Foto ${images.length + index + 1} (a enviar)`}
              onRemove={() => onQueuedChange(queued.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      ) : null}
      <label
        htmlFor={inputId}
        className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-full border border-ink-300 px-4 text-sm font-semibold text-ink-900 has-[:disabled]:opacity-60"
      >
        {busy ? PHOTO_FIELD_MESSAGES.uploading : 'Adicionar fotos'}
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED.join(',')}
          multiple
          disabled={busy || count >= PRODUCT_PHOTO_MAX_COUNT}
          onChange={(event) => void choose(event)}
          className="sr-only"
        />
      </label>
      {busy ? (
        <p role="status" className="sr-only">
          {PHOTO_FIELD_MESSAGES.uploading}
        </p>
      ) : null}
      {problems.length > 0 ? <FormAlert kind="error" className="mt-2" messages={problems} /> : null}
    </fieldset>
  );
}
