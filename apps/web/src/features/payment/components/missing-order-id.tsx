import { PIX_PAGE_TEXTS } from '@lumina/shared/payments/pix-texts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { REDIRECT_NOTICE_MS } from '../order-id.ts';

/** 'ID do pedido não encontrado.'; with `redirectTo` (the PIX page only) the visitor is then sent there. */
export function MissingOrderId({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(
      () => void navigate(redirectTo, { replace: true }),
      REDIRECT_NOTICE_MS,
    );
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <FormAlert kind="error" messages={[PIX_PAGE_TEXTS.missingOrderId]} />
    </div>
  );
}
