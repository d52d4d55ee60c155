import type { InvoiceStateJson, LabelStateJson } from './fulfilment-json.ts';

/** How the panel names a label's state. */
export const LABEL_STATE_LABELS: Record<LabelStateJson, string> = {
  claimed: 'Comprando',
  carted: 'No carrinho do Melhor Envio',
  paid: 'Paga',
  generated: 'Pronta para imprimir',
  posted: 'Postada',
  delivered: 'Entregue',
  canceled: 'Cancelada',
};

/** How the panel names an NF-e's state. */
export const INVOICE_STATE_LABELS: Record<InvoiceStateJson, string> = {
  requesting: 'Solicitada',
  pending: 'Pendente',
  processing: 'Aguardando SEFAZ',
  authorised: 'Autorizada',
  rejected: 'Rejeitada',
  denied: 'Denegada',
  cancelled: 'Cancelada',
};

/** What the shopper and the owner read for each step of the parcel. */
export const TRACKING_STATUS_TEXTS: Record<string, string> = {
  posted: 'Objeto postado',
  delivered: 'Objeto entregue ao destinatário',
};

export const FULFILMENT_ACTIONS = {
  buyLabel: 'Gerar etiqueta',
  buyLabels: 'Gerar etiquetas',
  printLabel: 'Imprimir etiqueta',
  printLabels: 'Imprimir etiquetas',
  cancelLabel: 'Cancelar etiqueta',
  issueInvoice: 'Emitir NF-e',
  cancelInvoice: 'Cancelar NF-e',
  packingSlipA4: 'Romaneio (A4)',
  packingSlipThermal: 'Romaneio (80 mm)',
  connectMelhorEnvio: 'Conectar ao Melhor Envio',
} as const;

/** The reasons a label or an NF-e step failed, with what to do, as the owner reads them. */
export const FULFILMENT_MESSAGES = {
  notConnected: 'Conecte o Melhor Envio no painel, em Loja, para gerar etiquetas.',
  /** To staff whose role cannot open the store settings, where the connection is made. */
  notConnectedAskOwner:
    'O Melhor Envio não está conectado: peça a quem administra a loja para conectá-lo e gerar etiquetas.',
  insufficientBalance:
    'Saldo insuficiente no Melhor Envio: adicione saldo na carteira do Melhor Envio e tente de novo.',
  melhorEnvioDown: 'O Melhor Envio não respondeu. Tente de novo em alguns minutos.',
  melhorEnvioAuth:
    'O Melhor Envio recusou o acesso da loja. Conecte o Melhor Envio de novo no painel, em Loja.',
  melhorEnvioRefused: (reason: string) => `O Melhor Envio recusou a etiqueta: ${reason}`,
  blingDown: 'O Bling não respondeu. Tente de novo em alguns minutos.',
  blingNotConnected: 'Conecte o Bling no painel, em Produtos, para emitir NF-e.',
  blingNotConnectedAskOwner:
    'O Bling não está conectado: peça a quem administra a loja para conectá-lo e emitir NF-e.',
  blingRefused: (reason: string) => `O Bling recusou a NF-e: ${reason}`,
  notPaid: 'Só pedidos pagos têm etiqueta e NF-e.',
  labelExists: 'Este pedido já tem uma etiqueta.',
  invoiceExists: 'Este pedido já tem uma NF-e.',
  labelNotCancellable: 'A etiqueta já foi postada e não pode mais ser cancelada.',
  invoiceNotCancellable:
    'A NF-e só pode ser cancelada até 24 horas depois de autorizada; depois disso, emita uma nota de devolução no Bling.',
  needsInvoiceCancellation:
    'O pedido foi reembolsado por inteiro: cancele a NF-e no Bling (até 24 horas depois de autorizada) ou emita lá uma nota de devolução.',
  cancelInBling: 'O cancelamento da NF-e é feito no Bling.',
} as const;

/** Choosing the service a label is bought with (the owner's, at label time). */
export const LABEL_CHOICE_MESSAGES = {
  serviceId: 'Escolha um serviço de envio válido.',
  outsidePromise: 'Este serviço não entrega no prazo prometido ao cliente. Escolha outro serviço.',
  unavailable:
    'Serviço indisponível para este pedido: o Melhor Envio não o cota para este pacote e destino agora.',
} as const;
