/**
 * How a rating reads, apart from the reviews' schemas: the product page shows stars and means
 * without downloading zod, which only the forms need.
 */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

/** '4,5' (pt-BR decimal comma), as the page and its stars' label read the mean. */
export function formatRating(average: number): string {
  return average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** '1 avaliação', '12 avaliações'. */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 avaliação' : `${count} avaliações`;
}

/** What a screen reader hears for a row of stars: 'Nota 4,5 de 5'. */
export function ratingLabel(rating: number): string {
  return `Nota ${Number.isInteger(rating) ? String(rating) : formatRating(rating)} de ${REVIEW_RATING_MAX}`;
}
