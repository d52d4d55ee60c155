import { Link, useParams } from 'react-router';
import { PageNotice } from '../../components/page-notice.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { isNotFound, useProduct } from '../../features/catalog/api/get-product.ts';
import { ProductDetail } from '../../features/catalog/components/product-detail.tsx';
import { ProductDetailSkeleton } from '../../features/catalog/components/product-detail-skeleton.tsx';
import { parseProductId } from '@lumina/shared/catalog/product-id';
import { parseProductName } from '@lumina/shared/catalog/product-name';
import { pixDiscountText } from '@lumina/shared/storefront/money-texts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStore } from '../../lib/store-settings.ts';

const DESCRIPTION_LENGTH = 155;

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function summary(text: string): string {
  return text.length <= DESCRIPTION_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** /produto/{id} */
export function Component() {
  // Only whole positive numbers are product ids; anything else is a missing product, unasked.
  const id = parseProductId(useParams().id);
  const query = useProduct(id);
  const product = query.data?.product;
  // null: the server already found no such product and drew this page's 404 notice.
  const missing = id === null || query.data === null || isNotFound(query.error);
  const store = useStore();
  const pix = store ? pixDiscountText(store) : null;

  usePageMeta(
    product
      ? {
          title: parseProductName(product.name).title,
          description: summary(plainText(product.description) || product.name),
        }
      : missing
        ? {
            title: 'Produto não encontrado',
            description: 'Este produto não existe ou saiu do catálogo.',
          }
        : { title: 'Produto', description: `Joias para piercing${pix ? ` com ${pix}` : ''}.` },
  );

  if (product) return <ProductDetail key={product.id} product={product} />;
  if (missing) {
    return (
      <PageNotice
        eyebrow="Erro 404"
        title="Produto não encontrado"
        actions={
          <Link to="/produtos" className={buttonClasses()}>
            Ver todos os produtos
          </Link>
        }
      >
        <p>O produto que você procurou não existe ou saiu do catálogo.</p>
      </PageNotice>
    );
  }
  if (query.isError) {
    return (
      <PageNotice
        title="Erro ao carregar o produto"
        actions={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            Tentar novamente
          </Button>
        }
      >
        <p>{query.error.message}</p>
      </PageNotice>
    );
  }
  return <ProductDetailSkeleton />;
}
