import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useDownloadDataExport } from '../api/download-data-export.ts';
import { SectionCard } from './section-card.tsx';

/** 'Histórico de compras': the orders live in the account's orders tab; here they export. */
export function PurchaseHistoryCard() {
  const download = useDownloadDataExport();
  return (
    <SectionCard
      id="historico-compras"
      title="Histórico de compras"
      description="Seus pedidos, com itens, valores, pagamento e entrega."
    >
      <p className="text-sm text-ink-800">
        Acompanhe seus pedidos em Minha Conta ou baixe o histórico completo em um arquivo JSON.
      </p>
      {download.isError ? (
        <FormAlert kind="error" className="mt-4" messages={[download.error.message]} />
      ) : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to="/minha-conta?aba=pedidos" className={buttonClasses({ variant: 'outline' })}>
          Ver meus pedidos
        </Link>
        <Button disabled={download.isPending} onClick={() => download.mutate('orders')}>
          {download.isPending ? 'Exportando...' : 'Exportar histórico de compras'}
        </Button>
      </div>
    </SectionCard>
  );
}
