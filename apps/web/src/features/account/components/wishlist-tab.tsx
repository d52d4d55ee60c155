import { EmptyTab } from './empty-tab.tsx';

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

/** 'Lista de Desejos'. The account's wishlist arrives with a later release; nothing is saved yet. */
export function WishlistTab() {
  return (
    <EmptyTab title="Lista de Desejos" icon={<HeartOutline />}>
      <p>Sua lista de desejos está vazia.</p>
    </EmptyTab>
  );
}
