import { PAYMENT_FAILURE_REASONS } from '@lumina/shared/payments/pix-texts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { clearPendingPayment } from '../../../lib/payment/pending-payment.ts';

/** /payment-failure: always forgets the saved payment (spec 001 §4), lists likely reasons. */
export function PaymentFailurePage() {
  useEffect(() => clearPendingPayment(), []);
  return (
    <PageNotice
      title="Pagamento não aprovado"
      icon={<CloseIcon className="size-8 text-sale" />}
      actions={
        <>
          <Link to="/checkout" className={buttonClasses()}>
            Tentar novamente
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Voltar para o início
          </Link>
        </>
      }
    >
      <p>Não foi possível concluir o pagamento. Alguns motivos possíveis:</p>
      <ul className="mx-auto w-fit list-disc space-y-1 pl-5 text-left">
        {PAYMENT_FAILURE_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </PageNotice>
  );
}
