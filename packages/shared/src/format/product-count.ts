/** The category page's counter: '1 produto encontrado', '3 produtos encontrados'. */
export function formatProductCount(count: number): string {
  return count === 1 ? '1 produto encontrado' : `${count} produtos encontrados`;
}
