import { formatDate } from '@lumina/shared/format/dates';
import { formatRating, reviewCountText } from '@lumina/shared/reviews/review-rating';
import type { PublicReview } from '@lumina/shared/reviews/review-schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { useProductReviews } from '../api/get-product-reviews.ts';

export const REVIEWS_SECTION_ID = 'avaliacoes';

/**
 * The mean and count beside the title, a link down to the reviews. Its line is kept whether or
 * not there is anything to show, so the page never moves when the reviews arrive after it (a
 * product opened from a list, whose page the browser draws itself).
 */
export function ProductRatingSummary({ productId }: { productId: number }) {
  const summary = useProductReviews(productId).data?.summary;
  return (
    <div className="flex min-h-5 items-center text-sm">
      {summary && summary.count > 0 ? (
        <a
          href={`#${REVIEWS_SECTION_ID}`}
          className="inline-flex items-center gap-2 text-ink-700 hover:text-ink-900"
        >
          <StarRating rating={summary.average} size="sm" />
          <span>
            <span className="font-semibold text-ink-900">{formatRating(summary.average)}</span>{' '}
            {`(${reviewCountText(summary.count)})`}
          </span>
        </a>
      ) : null}
    </div>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="space-y-2 py-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} size="sm" />
        <span className="font-semibold text-ink-900">{review.author}</span>
        <span className="text-xs font-medium text-success">Compra verificada</span>
      </div>
      <p className="text-xs text-ink-600">
        {review.variant_label ? `${review.variant_label} · ` : ''}
        <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
      </p>
      {review.text ? (
        <p className="leading-relaxed break-words whitespace-pre-line text-ink-800">
          {review.text}
        </p>
      ) : null}
      {review.photo_url && review.photo_thumb_url ? (
        <a
          href={review.photo_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block rounded-xl focus-visible:outline-2 focus-visible:outline-gold-600"
        >
          <img
            src={review.photo_thumb_url}
            alt={`Foto enviada por ${review.author}`}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="size-24 rounded-xl bg-cream-100 object-cover"
          />
          <span className="sr-only"> (abre a foto em nova aba)</span>
        </a>
      ) : null}
      {review.reply ? (
        <div className="rounded-xl bg-cream-100 p-3 text-sm">
          <p className="font-semibold text-ink-900">Resposta da loja</p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-800">{review.reply.text}</p>
        </div>
      ) : null}
    </li>
  );
}

/** One page of reviews; the pages after the first are asked for by 'Ver mais avaliações'. */
function ReviewsPage({ productId, page }: { productId: number; page: number }) {
  const reviews = useProductReviews(productId, page).data?.reviews ?? [];
  return reviews.map((review) => <ReviewItem key={review.id} review={review} />);
}

/** The product page's reviews: approved ones, with the mean, newest first. */
export function ProductReviews({ productId }: { productId: number }) {
  const [pages, setPages] = useState(1);
  const first = useProductReviews(productId);
  const more = useProductReviews(productId, pages);
  const data = first.data;
  const totalPages = data?.total_pages ?? 1;

  return (
    <section
      id={REVIEWS_SECTION_ID}
      aria-labelledby="avaliacoes-titulo"
      className="mt-12 max-w-3xl scroll-mt-24"
    >
      <h2 id="avaliacoes-titulo" className="font-serif text-2xl text-ink-900">
        Avaliações
      </h2>
      {data && data.summary.count > 0 ? (
        <>
          <div className="mt-4 flex items-center gap-4 rounded-2xl bg-cream-100 p-4">
            <span className="font-serif text-4xl text-ink-900">
              {formatRating(data.summary.average)}
            </span>
            <div>
              <StarRating rating={data.summary.average} />
              <p className="text-sm text-ink-700">
                {`${reviewCountText(data.summary.count)} de quem comprou`}
              </p>
            </div>
          </div>
          <ul className="divide-y divide-ink-300/50">
            {Array.from({ length: pages }, (_, index) => (
              <ReviewsPage key={index + 1} productId={productId} page={index + 1} />
            ))}
          </ul>
          {pages < totalPages ? (
            <Button
              variant="outline"
              size="sm"
              disabled={more.isFetching}
              onClick={() => setPages((shown) => shown + 1)}
            >
              {more.isFetching ? 'Carregando...' : 'Ver mais avaliações'}
            </Button>
          ) : null}
        </>
      ) : data ? (
        <p className="mt-4 text-ink-700">
          Este produto ainda não tem avaliações. Quem compra pode avaliá-lo depois da entrega, pela
          página do pedido em Minha Conta.
        </p>
      ) : first.isError ? (
        <p className="mt-4 text-ink-700">Não foi possível carregar as avaliações agora.</p>
      ) : (
        <p className="mt-4 text-ink-700">Carregando avaliações...</p>
      )}
    </section>
  );
}
