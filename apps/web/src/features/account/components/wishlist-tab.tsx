import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWishlistItems } from '../../../lib/wishlist/use-wishlist-items.ts';
import { EmptyTab } from './empty-tab.tsx';
import { WishlistItemCard } from './wishlist-item-card.tsx';

function HeartOutline() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
    </svg>
  );
}

/** 'Lista de Desejos' (spec 001 §2): the saved products, with add to cart and remove. */
export function WishlistTab() {
  const wishlist = useWishlistItems();

  if (wishlist.isError) {
    return (
      <FormAlert kind="error" messages={['Erro ao carregar lista de desejos']}>
        <Button size="sm" variant="outline" className="mt-3" onClick={wishlist.refetch}>
          Tentar novamente
        </Button>
      </FormAlert>
    );
  }
  if (wishlist.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando lista de desejos..." />
      </div>
    );
  }
  if (wishlist.items.length === 0) {
    return (
      <EmptyTab title="Lista de Desejos" icon={<HeartOutline />}>
        <p>Sua lista de desejos está vazia.</p>
      </EmptyTab>
    );
  }
  return (
    <section aria-labelledby="desejos-titulo">
      <h2 id="desejos-titulo" className="font-serif text-2xl text-ink-900">
        Lista de Desejos
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {wishlist.items.length === 1
          ? '1 produto salvo'
          : `${wishlist.items.length} produtos salvos`}
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {wishlist.items.map((item) => (
          <li key={item.product_id}>
            <WishlistItemCard item={item} onRemove={() => void wishlist.remove(item.product_id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
