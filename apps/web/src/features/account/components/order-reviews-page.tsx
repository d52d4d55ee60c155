import { PRODUCT_PHOTO_MAX_BYTES } from '@lumina/shared/catalog/product-images';
import { formatDate } from '@lumina/shared/format/dates';
import {
  type MyReview,
  type OrderReviewsResponse,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  reviewInputSchema,
} from '@lumina/shared/reviews/review-schemas';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StarRating, StarRatingInput } from '../../../components/ui/star-rating.tsx';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { useCreateReview, useOrderReviews, useUploadReviewPhoto } from '../api/reviews.ts';

type OrderProduct = OrderReviewsResponse['products'][number];

const STATUS_BADGE: Record<MyReview['status'], BadgeVariant> = {
  pending: 'gold',
  approved: 'success',
  hidden: 'muted',
};

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MESSAGES = {
  type: 'Envie uma foto JPEG, PNG ou WebP.',
  size: 'A foto deve ter no máximo 5 MB.',
  missing: 'Escolha uma foto para enviar.',
};

/** What the browser can tell of a chosen photo before sending it; the server checks it again. */
function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return PHOTO_MESSAGES.type;
  if (file.size > PRODUCT_PHOTO_MAX_BYTES) return PHOTO_MESSAGES.size;
  return null;
}

function ProductHeading({ product }: { product: OrderProduct }) {
  return (
    <div className="flex items-center gap-3">
      {product.image_url ? (
        <img
          src={product.image_url}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-xl bg-cream-100 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-xl bg-cream-200" />
      )}
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-ink-900">{product.name}</h2>
        {product.variant_label ? (
          <p className="text-sm text-ink-700">{product.variant_label}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The photo's file, behind a button of our own: the browser's own one speaks the browser's
 * language, not necessarily the shop's.
 */
function PhotoField({
  id,
  error,
  disabled,
  onChange,
}: {
  id: string;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div>
      <p className="text-sm font-medium text-ink-900">Foto (opcional)</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={disabled}
          aria-label="Foto (opcional)"
          aria-describedby={`${id}-dica${error ? ` ${id}-erro` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setChosen(file?.name ?? null);
            onChange(file);
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className:
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          })}
        >
          {chosen ? 'Trocar foto' : 'Escolher foto'}
        </label>
        <span className="min-w-0 text-sm break-all text-ink-700">
          {chosen ?? 'Nenhuma foto escolhida'}
        </span>
      </div>
      <p id={`${id}-dica`} className="mt-1 text-xs text-ink-600">
        JPEG, PNG ou WebP de até 5 MB. Guardamos a foto sem a localização e os dados da câmera.
      </p>
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A photo for a review sent without one (or whose photo was refused), while it waits. */
function AddPhoto({
  userId,
  orderId,
  review,
}: {
  userId: number;
  orderId: number;
  review: MyReview;
}) {
  const id = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useUploadReviewPhoto(userId, orderId);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const found = photo ? photoProblem(photo) : PHOTO_MESSAGES.missing;
    setProblem(found ?? undefined);
    if (photo && !found) upload.mutate({ reviewId: review.id, photo });
  };
  return (
    <form noValidate onSubmit={send} className="space-y-3" aria-label="Enviar uma foto">
      {upload.isError ? <FormAlert kind="error" messages={[upload.error.message]} /> : null}
      <PhotoField
        id={`foto-${id}`}
        error={problem}
        disabled={upload.isPending}
        onChange={setPhoto}
      />
      <Button type="submit" variant="outline" size="sm" disabled={upload.isPending}>
        {upload.isPending ? 'Enviando...' : 'Enviar foto'}
      </Button>
    </form>
  );
}

function SentReview({
  userId,
  orderId,
  review,
  photoError,
}: {
  userId: number;
  orderId: number;
  review: MyReview;
  photoError?: string;
}) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <StarRating rating={review.rating} size="sm" />
        <Badge variant={STATUS_BADGE[review.status]}>{review.status_label}</Badge>
      </div>
      {review.status === 'pending' ? (
        <p className="text-sm text-success">{REVIEW_MESSAGES.created}</p>
      ) : null}
      {photoError ? (
        <FormAlert
          kind="error"
          messages={[`A avaliação foi enviada, mas a foto não: ${photoError}`]}
        />
      ) : null}
      {review.text ? (
        <p className="break-words whitespace-pre-line text-ink-800">{review.text}</p>
      ) : null}
      {review.photo_thumb_url ? (
        <img
          src={review.photo_thumb_url}
          alt="Sua foto"
          width={96}
          height={96}
          loading="lazy"
          className="size-24 rounded-xl bg-cream-100 object-cover"
        />
      ) : review.status === 'pending' ? (
        <AddPhoto userId={userId} orderId={orderId} review={review} />
      ) : null}
      {review.reply ? (
        <div className="rounded-xl bg-cream-100 p-3 text-sm">
          <p className="font-semibold text-ink-900">Resposta da loja</p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-800">{review.reply.text}</p>
        </div>
      ) : null}
    </div>
  );
}

function ReviewForm({
  userId,
  orderId,
  product,
  onPhotoError,
}: {
  userId: number;
  orderId: number;
  product: OrderProduct;
  /** The review went but its photo did not: the page shows why beside the review. */
  onPhotoError: (message: string) => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ rating?: string; text?: string; photo?: string }>({});
  const create = useCreateReview(userId, orderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ product_id: product.product_id, rating, text });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'rating' || field === 'text') found[field] ??= issue.message;
      }
    }
    const problem = photo ? photoProblem(photo) : null;
    if (problem) found.photo = problem;
    setErrors(found);
    if (!parsed.success || problem) return;
    create.mutate(
      { body: { review: parsed.data }, photo },
      {
        onSuccess: ({ photoError }) => {
          if (photoError) onPhotoError(photoError);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Avaliar ${product.name}`}>
      {create.isError ? <FormAlert kind="error" messages={[create.error.message]} /> : null}
      <StarRatingInput
        name={`nota-${id}`}
        legend="Sua nota"
        value={rating}
        onChange={(chosen) => {
          setRating(chosen);
          setErrors((shown) => ({ ...shown, rating: undefined }));
        }}
        error={errors.rating}
        disabled={create.isPending}
      />
      <TextAreaField
        id={`comentario-${id}`}
        label="Comentário (opcional)"
        hint={`Conte como a peça ficou, o conforto, o acabamento. Até ${REVIEW_TEXT_MAX} caracteres; links não são publicados.`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REVIEW_TEXT_MAX}
        rows={4}
        error={errors.text}
        disabled={create.isPending}
      />
      <PhotoField
        id={`foto-${id}`}
        error={errors.photo}
        disabled={create.isPending}
        onChange={setPhoto}
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Enviando...' : 'Enviar avaliação'}
      </Button>
    </form>
  );
}

function Reviews({ userId, data }: { userId: number; data: OrderReviewsResponse }) {
  const { order } = data;
  const [photoErrors, setPhotoErrors] = useState<Record<number, string>>({});
  return (
    <article aria-labelledby="avaliar-titulo" className="space-y-4">
      <Link
        to={`/minha-conta/pedidos/${order.id}`}
        className="text-sm font-medium text-ink-700 hover:text-ink-900"
      >
        ← Pedido {order.order_number}
      </Link>
      <header>
        <h1 id="avaliar-titulo" className="font-serif text-3xl text-ink-900">
          Avaliar produtos
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Pedido {order.order_number}
          {order.delivered_at ? ` · entregue em ${formatDate(order.delivered_at)}` : ''}
        </p>
      </header>
      {order.reason ? <FormAlert kind="info" messages={[order.reason]} /> : null}
      <p className="text-sm text-ink-700">
        Sua avaliação aparece na página do produto com o seu primeiro nome e a variação comprada,
        depois de aprovada pela loja.
      </p>
      {data.products.length === 0 ? (
        <p className="text-ink-700">Os produtos deste pedido não estão mais à venda na loja.</p>
      ) : (
        <ul className="space-y-4">
          {data.products.map((product) => (
            <li
              key={product.product_id}
              className="space-y-4 rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
            >
              <ProductHeading product={product} />
              {product.review ? (
                <SentReview
                  userId={userId}
                  orderId={order.id}
                  review={product.review}
                  photoError={photoErrors[product.product_id]}
                />
              ) : order.can_review ? (
                <ReviewForm
                  userId={userId}
                  orderId={order.id}
                  product={product}
                  onPhotoError={(message) =>
                    setPhotoErrors((shown) => ({ ...shown, [product.product_id]: message }))
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** /minha-conta/pedidos/:id/avaliar: the review of each product of one of my orders. */
export function OrderReviewsPage({ orderId }: { orderId: number }) {
  const userId = useAccountUserId();
  const reviews = useOrderReviews(userId, orderId);
  let content;
  if (orderId === 0 || reviews.isError) {
    content = (
      <FormAlert
        kind="error"
        messages={[reviews.isError ? reviews.error.message : 'Pedido não encontrado']}
      >
        <Link to="/minha-conta?aba=pedidos" className="mt-2 inline-block underline">
          Voltar para Meus Pedidos
        </Link>
      </FormAlert>
    );
  } else if (reviews.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando produtos..." />
      </div>
    );
  } else {
    content = <Reviews userId={userId} data={reviews.data} />;
  }
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">{content}</div>;
}
