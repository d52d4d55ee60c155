import { BagIcon } from '../../../components/icons.tsx';
import { EmptyTab } from './empty-tab.tsx';

/**
 * 'Meus Pedidos'. Orders are created by checkout, which arrives with a later release, so no
 * account has any yet: saying so is the truth, not a placeholder.
 */
export function OrdersTab() {
  return (
    <EmptyTab title="Meus Pedidos" icon={<BagIcon className="size-7" />}>
      <p>Você ainda não tem pedidos.</p>
    </EmptyTab>
  );
}
