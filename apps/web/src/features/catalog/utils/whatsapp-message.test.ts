import { describe, expect, it } from 'vitest';
import { whatsappMessage } from './whatsapp-message.ts';

describe('whatsappMessage', () => {
  it('lists the product, the chosen options, the quantity and the PIX total', () => {
    expect(
      whatsappMessage({
        productName: 'Argola Segmentada - Tamanho: 8mm',
        sku: 'ORE-001',
        url: 'https://loja.example/produto/7',
        options: [
          ['Tamanho', '8mm'],
          ['Cor', 'Dourado #d4ad55'],
        ],
        quantity: 2,
        pixTotalCents: 17082,
      }),
    ).toBe(
      [
        'Olá! Quero comprar este produto:',
        'Argola Segmentada - Tamanho: 8mm (SKU ORE-001)',
        'Tamanho: 8mm',
        'Cor: Dourado #d4ad55',
        'Quantidade: 2',
        'Total no PIX: R$ 170,82',
        'https://loja.example/produto/7',
      ].join('\n'),
    );
  });
});
