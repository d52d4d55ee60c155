import {
  cardImageUrl,
  PRODUCT_PAGE_IMAGE_SIZES,
  photoSrcSet,
} from '@lumina/shared/catalog/product-images';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Main picture with its thumbnails (spec 000, Product detail). */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const main = images[current] ?? images[0];

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-2xl bg-cream-100 ring-1 ring-ink-900/10">
        {main ? (
          <img
            src={main}
            srcSet={photoSrcSet(main)}
            sizes={PRODUCT_PAGE_IMAGE_SIZES}
            alt={images.length > 1 ? `${name}, imagem ${current + 1} de ${images.length}` : name}
            width={720}
            height={720}
            // The page's largest paint: fetched first (the HTML preloads it too) and painted with
            // the page rather than a frame after it.
            fetchPriority="high"
            decoding="sync"
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-ink-600">
            Sem imagem
          </span>
        )}
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Imagens do produto">
          {images.map((src, index) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={`Ver imagem ${index + 1} de ${images.length}`}
                className={cn(
                  'block size-16 overflow-hidden rounded-xl bg-cream-100 ring-2 transition sm:size-20',
                  index === current ? 'ring-ink-900' : 'ring-transparent hover:ring-ink-300',
                )}
              >
                <img
                  src={cardImageUrl(src)}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  // Under the main picture, which comes first: on a phone's link the thumbnails
                  // would otherwise share it with the page's largest paint at the same priority.
                  fetchPriority="low"
                  className="size-full object-contain p-1"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
