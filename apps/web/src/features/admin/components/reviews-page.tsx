import { parseProductName } from '@lumina/shared/catalog/product-name';
import { formatDateTime } from '@lumina/shared/format/dates';
import {
  type AdminReview,
  REVIEW_REPLY_MAX,
  REVIEW_STATUSES,
  type ReviewModerationStatus,
  type ReviewStatus,
} from '@lumina/shared/reviews/review-schemas';
import { reviewCountText } from '@lumina/shared/reviews/review-rating';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { pageFromParams } from '../../../components/ui/pagination.tsx';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/ui-events.ts';
import { type ReviewFilters, useModerateReview, useReviews } from '../api/reviews.ts';
import { ListResults } from './list-results.tsx';

const STATUS_BADGE: Record<ReviewStatus, BadgeVariant> = {
  pending: 'gold',
  approved: 'success',
  hidden: 'muted',
};

const FILTERS: { status: ReviewStatus | undefined; label: string }[] = [
  { status: undefined, label: 'Todas' },
  { status: 'pending', label: 'Aguardando' },
  { status: 'approved', label: 'Publicadas' },
  { status: 'hidden', label: 'Ocultas' },
];

const linkClass = 'font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900';

function isStatus(value: string | null): value is ReviewStatus {
  return (REVIEW_STATUSES as readonly (string | null)[]).includes(value);
}

function filtersFrom(params: URLSearchParams): ReviewFilters {
  const status = params.get('status');
  const page = pageFromParams(params);
  return { ...(isStatus(status) && { status }), ...(page && { page }) };
}

function StatusFilter({ current }: { current: ReviewStatus | undefined }) {
  const [, setParams] = useSearchParams();
  return (
    <div role="group" aria-label="Filtrar avaliações" className="flex flex-wrap gap-2">
      {FILTERS.map((filter) => (
        <Button
          key={filter.label}
          size="sm"
          variant={filter.status === current ? 'primary' : 'outline'}
          aria-pressed={filter.status === current}
          onClick={() => setParams(filter.status ? { status: filter.status } : {})}
        >
          {filter.label}
        </Button>
      ))}
    </div>
  );
}

/** Publish, hide, and the shop's public answer, saved with either. */
function Moderation({ review }: { review: AdminReview }) {
  const id = useId();
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const moderate = useModerateReview();
  const busy = moderate.isPending;
  // A toast, since a published review may leave the list it was in (the 'Aguardando' filter).
  const save = (status: ReviewModerationStatus) =>
    moderate.mutate(
      { id: review.id, status, reply: reply.trim() || null },
      { onSuccess: (answer) => notify(answer.message, 'success') },
    );
  return (
    <div className="space-y-3">
      <TextAreaField
        id={`resposta-${id}`}
        label="Resposta pública da loja (opcional)"
        hint="Aparece abaixo da avaliação, na página do produto."
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        maxLength={REVIEW_REPLY_MAX}
        rows={2}
        disabled={busy}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={() => save('approved')}>
          {review.status === 'approved' ? 'Salvar resposta' : 'Publicar'}
        </Button>
        {review.status !== 'hidden' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => save('hidden')}>
            Ocultar
          </Button>
        ) : null}
      </div>
      {moderate.isError ? <FormAlert kind="error" messages={[moderate.error.message]} /> : null}
    </div>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const waiting = review.status === 'pending';
  return (
    <li
      aria-label={`Avaliação de ${review.author} sobre ${parseProductName(review.product.name).title || review.product.name}`}
      className={cn(
        'grid gap-4 rounded-2xl border bg-white p-4 md:grid-cols-[14rem_1fr] md:p-5',
        waiting ? 'border-gold-600' : 'border-ink-300/60',
      )}
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold break-words text-ink-900">
          <a
            href={`/produto/${review.product.id}#avaliacoes`}
            target="_blank"
            rel="noopener noreferrer"
            className="hover:underline"
          >
            {parseProductName(review.product.name).title || review.product.name}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </p>
        {review.variant_label ? <p className="text-ink-700">{review.variant_label}</p> : null}
        <p className="text-ink-700">
          {review.author} ·{' '}
          <Link to={`/admin/pedidos/${review.order.id}`} className={linkClass}>
            {review.order.order_number}
          </Link>
        </p>
        <p className="text-xs text-ink-700">
          <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
        </p>
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StarRating rating={review.rating} />
          <Badge variant={STATUS_BADGE[review.status]}>{review.status_label}</Badge>
        </div>
        {review.text ? (
          <p className="text-sm break-words whitespace-pre-line text-ink-800">{review.text}</p>
        ) : (
          <p className="text-sm text-ink-600">Sem comentário, só a nota.</p>
        )}
        {review.photo_url && review.photo_thumb_url ? (
          <a
            href={review.photo_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block"
          >
            <img
              src={review.photo_thumb_url}
              alt={`Foto enviada por ${review.author}`}
              width={112}
              height={112}
              loading="lazy"
              className="size-28 rounded-xl bg-cream-100 object-cover"
            />
            <span className="sr-only"> (abre a foto em nova aba)</span>
          </a>
        ) : null}
        <Moderation key={`${review.id}:${review.reply?.text ?? ''}`} review={review} />
      </div>
    </li>
  );
}

/** The panel's moderation of product reviews: waiting ones first, published from here. */
export function ReviewsPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const reviews = useReviews(filters);

  return (
    <section aria-labelledby="avaliacoes-admin" className="space-y-5">
      <div>
        <h1 id="avaliacoes-admin" className="font-serif text-3xl text-ink-900">
          Avaliações
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Avaliações de quem comprou e recebeu os produtos. Publicadas, aparecem na página do
          produto com o primeiro nome de quem escreveu e a variação comprada.
        </p>
      </div>
      <StatusFilter current={filters.status} />
      <ListResults
        list={reviews}
        loadingLabel="Carregando avaliações..."
        count={(total) => {
          const pending = reviews.data?.pending ?? 0;
          const waiting =
            pending === 1 ? '1 aguardando moderação' : `${pending} aguardando moderação`;
          return `${reviewCountText(total)} · ${waiting}`;
        }}
        empty="Nenhuma avaliação por aqui."
        rowsOf={(page) => page.reviews}
        pagesLabel="Páginas das avaliações"
      >
        {(page) => (
          <ul aria-label="Avaliações" className="space-y-3">
            {page.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
        )}
      </ListResults>
    </section>
  );
}
