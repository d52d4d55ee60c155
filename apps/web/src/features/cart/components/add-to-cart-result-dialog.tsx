import { Link } from 'react-router';
import {
  ADD_TO_CART_RESULT_TITLES,
  ADJUST_QUANTITY_LABEL,
} from '@lumina/shared/cart/quantity-rules';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { requestAddToCart } from '../../../lib/cart/cart-events.ts';
import type { AddToCartOutcome, AddToCartResult } from '../../../lib/cart/cart-types.ts';

interface AddToCartResultDialogProps {
  result: AddToCartResult;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const titles: Record<AddToCartOutcome['kind'], string> = {
  added: ADD_TO_CART_RESULT_TITLES.success,
  'insufficient-stock': ADD_TO_CART_RESULT_TITLES.insufficientStock,
  error: ADD_TO_CART_RESULT_TITLES.error,
};

function unitsText(quantity: number): string {
  return quantity === 1 ? '1 unidade' : `${quantity} unidades`;
}

/** The add-to-cart result modal's three variants (spec 000, Product detail). */
export function AddToCartResultDialog({ result, open, onOpenChange }: AddToCartResultDialogProps) {
  const { request, outcome } = result;
  const close = () => onOpenChange(false);

  function adjust(allowed: number) {
    // The shopper asked for more than there is: take what there is, and say so on the page.
    request.onAdjust?.(allowed);
    requestAddToCart({ ...request, quantity: allowed });
    close();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={titles[outcome.kind]}
      description={
        outcome.kind === 'added'
          ? `${request.product.name} (${unitsText(request.quantity)}) está no seu carrinho.`
          : outcome.message
      }
    >
      {outcome.kind === 'insufficient-stock' ? (
        <p className="mt-3 text-sm text-ink-800">
          {outcome.allowed > 0
            ? `Você pode adicionar até ${unitsText(outcome.allowed)}.`
            : 'Todo o estoque deste produto já está no seu carrinho.'}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {outcome.kind === 'added' ? (
          <>
            <DialogClose asChild>
              <Button variant="outline">Continuar comprando</Button>
            </DialogClose>
            <Link to="/carrinho" onClick={close} className={buttonClasses()}>
              Ir para o carrinho
            </Link>
          </>
        ) : null}
        {outcome.kind === 'insufficient-stock' ? (
          <>
            {outcome.allowed > 0 ? (
              <>
                <DialogClose asChild>
                  <Button variant="outline">Cancelar</Button>
                </DialogClose>
                <Button onClick={() => adjust(outcome.allowed)}>{ADJUST_QUANTITY_LABEL}</Button>
              </>
            ) : (
              <>
                <DialogClose asChild>
                  <Button variant="outline">Continuar comprando</Button>
                </DialogClose>
                <Link to="/carrinho" onClick={close} className={buttonClasses()}>
                  Ir para o carrinho
                </Link>
              </>
            )}
          </>
        ) : null}
        {outcome.kind === 'error' ? (
          <>
            <DialogClose asChild>
              <Button variant="outline">Fechar</Button>
            </DialogClose>
            <Button
              onClick={() => {
                requestAddToCart(request);
                close();
              }}
            >
              Tentar novamente
            </Button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
