import { benefitText } from '@lumina/shared/promotions/coupon-description';
import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import { formatBRL } from '@lumina/shared/format/money';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, type RowDialogProps } from './dialog-actions.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminCoupons, useDeleteCoupon, useSaveCoupon } from '../api/coupons.ts';
import { couponRuleOf, toggledBody } from '../model/coupon-form.ts';
import { COUPON_ADMIN_TEXTS as T } from '../model/coupon-texts.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';

const STATE_VARIANTS: Record<string, BadgeVariant> = {
  Ativo: 'success',
  Agendado: 'gold',
  Pausado: 'muted',
  Expirado: 'muted',
  Esgotado: 'sale',
};

/** 'cupom BEMVINDO10' or 'promoção Semana do Nariz': how buttons and messages name a row. */
function nameOf(coupon: CouponJson): string {
  return coupon.automatic ? `promoção ${coupon.name ?? ''}` : `cupom ${coupon.code ?? ''}`;
}

function Figures({ coupon }: { coupon: CouponJson }) {
  const { stats } = coupon;
  const uses =
    coupon.usage_limit === null ? String(stats.uses) : `${stats.uses}/${coupon.usage_limit}`;
  const figures = [
    { label: 'Usos', value: uses },
    { label: 'Desconto dado', value: formatBRL(stats.discount_cents) },
    { label: 'Receita', value: formatBRL(stats.revenue_cents) },
    { label: 'Pedidos pagos', value: String(stats.paid_orders) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="min-w-0">
          <dt className="text-xs text-ink-700">{figure.label}</dt>
          <dd className="font-semibold whitespace-nowrap text-ink-900">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface RowHandlers {
  onEdit: (coupon: CouponJson) => void;
  onToggle: (coupon: CouponJson) => void;
  onDelete: (coupon: CouponJson) => void;
  toggling: number | null;
}

/** One coupon or promotion: a card on a phone, a row of columns from md up, the same markup. */
function CouponRow({
  coupon,
  onEdit,
  onToggle,
  onDelete,
  toggling,
}: { coupon: CouponJson } & RowHandlers) {
  const title = coupon.automatic ? coupon.name : coupon.code;
  return (
    <li className="grid gap-3 rounded-2xl border border-ink-300/60 bg-white p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] md:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={
              coupon.automatic
                ? 'font-semibold break-words text-ink-900'
                : 'font-mono font-semibold break-all text-ink-900'
            }
          >
            {title}
          </span>
          <Badge variant={STATE_VARIANTS[coupon.state] ?? 'muted'}>{coupon.state}</Badge>
        </p>
        <p className="text-sm text-ink-900">{benefitText(couponRuleOf(coupon))}</p>
        <p className="mt-1 text-xs text-ink-700">{coupon.description}</p>
      </div>
      <Figures coupon={coupon} />
      <div className="flex flex-wrap gap-1 md:justify-end">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onEdit(coupon)}
          aria-label={`Editar ${nameOf(coupon)}`}
        >
          Editar
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={toggling === coupon.id}
          onClick={() => onToggle(coupon)}
          aria-label={`${coupon.active ? 'Pausar' : 'Ativar'} ${nameOf(coupon)}`}
        >
          {coupon.active ? 'Pausar' : 'Ativar'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onDelete(coupon)}
          aria-label={`Excluir ${nameOf(coupon)}`}
        >
          Excluir
        </Button>
      </div>
    </li>
  );
}

function CouponSection({
  id,
  title,
  empty,
  coupons,
  ...handlers
}: { id: string; title: string; empty: string; coupons: CouponJson[] } & RowHandlers) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="font-serif text-2xl text-ink-900">
        {title} <span className="text-base text-ink-700">({coupons.length})</span>
      </h2>
      {coupons.length === 0 ? (
        <p className="text-sm text-ink-700">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} {...handlers} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteCoupon({ coupon, onClose, onDone }: { coupon: CouponJson } & RowDialogProps) {
  const remove = useDeleteCoupon();
  return (
    <ConfirmDialog
      title={coupon.automatic ? 'Excluir promoção' : 'Excluir cupom'}
      description={`Excluir ${nameOf(coupon)}? Esta ação não pode ser desfeita.`}
      action="Excluir"
      pendingLabel="Excluindo..."
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(coupon.id, { onSuccess: () => onDone(T.deleted(coupon.automatic)) })
      }
    />
  );
}

/** What the form dialog is open on: a new coupon or promotion, or one to edit. */
type Editing = { automatic: boolean; coupon?: CouponJson } | null;

/**
 * The owner's coupons and automatic promotions: what each gives, where it stands and what it
 * brought (uses, discount given, revenue of paid orders), with create, edit, pause and delete.
 */
export function CouponsPage() {
  const coupons = useAdminCoupons();
  const toggle = useSaveCoupon();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CouponJson | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const all = coupons.data?.coupons ?? [];

  const done = (message: string) => {
    setEditing(null);
    setDeleting(null);
    setResult(message);
  };
  const open = (next: Editing) => {
    setResult(null);
    setToggleError(null);
    setEditing(next);
  };
  const handlers: RowHandlers = {
    onEdit: (coupon) => open({ automatic: coupon.automatic, coupon }),
    onDelete: (coupon) => {
      setResult(null);
      setDeleting(coupon);
    },
    onToggle: (coupon) => {
      setResult(null);
      setToggleError(null);
      toggle.mutate(
        { id: coupon.id, body: toggledBody(coupon) },
        {
          onSuccess: () => setResult((coupon.active ? T.paused : T.activated)(coupon.automatic)),
          onError: (error) => setToggleError(error.message),
        },
      );
    },
    toggling: toggle.isPending ? (toggle.variables?.id ?? null) : null,
  };

  return (
    <section aria-labelledby="cupons-admin" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="cupons-admin" className="font-serif text-3xl text-ink-900">
          Cupons e promoções
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => open({ automatic: false })}>Novo cupom</Button>
          <Button variant="outline" onClick={() => open({ automatic: true })}>
            Nova promoção automática
          </Button>
        </div>
      </div>
      {result ? <FormAlert kind="success" messages={[result]} /> : null}
      {toggleError ? <FormAlert kind="error" messages={[toggleError]} /> : null}
      {editing ? (
        <CouponFormDialog
          key={editing.coupon?.id ?? (editing.automatic ? 'nova-promocao' : 'novo-cupom')}
          automatic={editing.automatic}
          coupon={editing.coupon}
          onClose={() => setEditing(null)}
          onSaved={done}
        />
      ) : null}
      {deleting ? (
        <DeleteCoupon coupon={deleting} onClose={() => setDeleting(null)} onDone={done} />
      ) : null}
      {coupons.isError ? <FormAlert kind="error" messages={[coupons.error.message]} /> : null}
      {coupons.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando cupons..." />
        </div>
      ) : null}
      {coupons.data ? (
        <>
          <CouponSection
            id="cupons-lista"
            title="Cupons"
            empty={T.noCoupons}
            coupons={all.filter((coupon) => !coupon.automatic)}
            {...handlers}
          />
          <CouponSection
            id="promocoes-lista"
            title="Promoções automáticas"
            empty={T.noPromotions}
            coupons={all.filter((coupon) => coupon.automatic)}
            {...handlers}
          />
        </>
      ) : null}
    </section>
  );
}
