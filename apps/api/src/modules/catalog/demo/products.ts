import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { DisplayStatus, ProductVariation } from '@lumina/shared/catalog/product';
import {
  optionCombinations,
  type ProductOption,
  suggestedVariantSku,
} from '@lumina/shared/catalog/variants';
import type { VariantInput } from '../product-record.ts';
import type { DemoProduct } from './demo-product.ts';
import type { Gem, JewelryArtOptions, Metal } from './jewelry-art.ts';
import { demoPhotoUrl } from './photos.ts';

/**
 * The demo catalogue seeded into an empty database: pieces a Brazilian piercing shop really
 * sells, with specs embedded in the name the way the spec describes ('Tamanho: ...; Espessura:
 * ...'). Every product also says how its pictures are drawn (`art`), so the image script and the
 * catalogue cannot drift apart.
 */

interface Entry {
  sku: string;
  name: string;
  category: CategorySlug;
  subcategory: string;
  price: number;
  pix?: number;
  sale?: number;
  status?: DisplayStatus;
  active?: false;
  sizes: string[];
  measures: string[];
  stock: number;
  days: number;
  tags: string[];
  variations?: ProductVariation[];
  /** Units of some variants by their values joined with '/' ('8mm'); the rest share `stock`. */
  variantStock?: Record<string, number>;
  /** First paragraph of the description: what the piece is and where it goes. */
  intro: string;
  /** Extra list items after the material ones. */
  points?: string[];
  /** Overrides the category's care and size guidance; null for none. */
  care?: string | null;
  weight?: number;
  /** One drawing per picture; the first gives the material and stone for the description. */
  art: Omit<JewelryArtOptions, 'seed'>[];
}

const MATERIAL_TEXT: Record<Metal, string[]> = {
  steel: ['Aço cirúrgico 316L com polimento espelhado', 'Hipoalergênico e resistente à oxidação'],
  titanium: [
    'Titânio ASTM F-136 (grau implante), o mesmo usado em implantes cirúrgicos',
    'Hipoalergênico e livre de níquel: indicado para perfurações recentes e peles sensíveis',
  ],
  'titanium-gold': [
    'Titânio ASTM F-136 anodizado dourado: a cor vem da oxidação controlada da superfície, sem tinta nem banho',
    'Hipoalergênico e livre de níquel',
  ],
  'titanium-rose': [
    'Titânio ASTM F-136 anodizado rosé: a cor vem da oxidação controlada da superfície, sem tinta nem banho',
    'Hipoalergênico e livre de níquel',
  ],
  'titanium-blue': [
    'Titânio ASTM F-136 anodizado azul: a cor vem da oxidação controlada da superfície, sem tinta nem banho',
    'Hipoalergênico e livre de níquel',
  ],
  'titanium-rainbow': [
    'Titânio ASTM F-136 com anodização arco-íris, cada peça tem reflexos únicos',
    'Hipoalergênico e livre de níquel',
  ],
  'gold-18k': [
    'Ouro 18k (750) maciço, com certificado de garantia',
    'Hipoalergênico e não escurece: pode ser usado desde a perfuração',
  ],
  'rose-gold': [
    'Ouro rosé 18k (750) maciço, com certificado de garantia',
    'Hipoalergênico e não escurece: pode ser usado desde a perfuração',
  ],
  'silver-925': [
    'Prata 925 com banho de ródio, que protege contra o escurecimento',
    'Indicada para piercings já cicatrizados',
  ],
  'black-pvd': [
    'Aço cirúrgico 316L com revestimento PVD preto, bem mais resistente a riscos que a pintura comum',
    'Hipoalergênico e resistente à oxidação',
  ],
};

const GEM_TEXT: Record<Gem, string> = {
  zirconia: 'Zircônia cristal lapidada, com brilho semelhante ao do diamante',
  opal: 'Opala sintética com reflexos furta-cor que mudam com a luz',
  ruby: 'Pedra vermelho-rubi lapidada em brilhante',
  emerald: 'Pedra verde-esmeralda lapidada em brilhante',
  sapphire: 'Pedra azul-safira lapidada em brilhante',
  amethyst: 'Pedra cor de ametista lapidada em brilhante',
};

const CARE: Record<CategorySlug, string> = {
  orelha:
    'Como escolher: nas argolas, o tamanho é o diâmetro interno; no tragus e no hélix, 6mm fica justo e 8mm mais solto. Em perfurações recentes, limpe com soro fisiológico duas vezes ao dia e evite dormir sobre o lado furado.',
  boca: 'Como escolher: o comprimento é medido só na haste, sem as pontas. Depois da perfuração use uma haste mais longa por causa do inchaço e troque por uma menor após a cicatrização. Enxágue com solução sem álcool após as refeições.',
  nariz:
    'Como escolher: para septo, 8mm ou 10mm de diâmetro interno são os mais usados; para nostril, 0,8mm é a espessura padrão. Limpe com soro fisiológico e não gire a joia durante a cicatrização.',
  sobrancelha:
    'Como escolher: o comprimento é medido só na haste, entre as pontas. Sobrancelhas mais grossas pedem 10mm. Evite maquiagem sobre a perfuração nas primeiras semanas.',
  umbigo:
    'Como escolher: o comprimento padrão de umbigo é 10mm; 12mm para quem tem mais volume na região. Prefira roupas que não pressionem a joia durante a cicatrização.',
  mamilo:
    'Como escolher: o comprimento do barbell deve passar cerca de 2mm de cada lado do mamilo. A cicatrização leva de 6 a 12 meses: limpe com soro fisiológico e use roupas de algodão.',
};

const ENTRIES: Entry[] = [
  // ----- Orelha -----
  {
    sku: 'LUM-ORE-001',
    name: 'Argola Segmentada Titânio Dourado - Tamanho: 8mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Argolas',
    price: 8990,
    pix: 7990,
    status: 'featured',
    sizes: ['6mm', '8mm', '10mm'],
    measures: ['1,0mm', '1,2mm'],
    stock: 34,
    days: 4,
    tags: ['argola', 'titânio', 'hélix', 'tragus', 'dourado'],
    intro:
      'Argola segmentada de acabamento liso e fechamento invisível: o segmento sai por pressão e encaixa de volta sem ferramentas. Uma das peças mais versáteis para hélix, tragus, conch e lóbulo.',
    points: ['Fechamento por segmento removível, sem bolinha'],
    art: [
      { kind: 'segment-ring', metal: 'titanium-gold' },
      { kind: 'segment-ring', metal: 'titanium-gold', view: 'pair' },
      { kind: 'segment-ring', metal: 'titanium-gold', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-002',
    name: 'Argola Clicker Cravejada Zircônias Aço Cirúrgico - Tamanho: 8mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Argolas',
    price: 5990,
    sale: 4790,
    status: 'featured',
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 22,
    days: 12,
    tags: ['argola', 'clicker', 'zircônia', 'hélix', 'daith'],
    variations: [{ name: 'Cor', options: ['Prata', 'Dourado', 'Preto'] }],
    intro:
      'Clicker com cinco zircônias cravejadas na frente e dobradiça que abre e fecha com um clique. Fica lindo no hélix, no daith e no lóbulo, sozinho ou em composição.',
    points: ['Dobradiça reforçada, não perde a pressão com o uso'],
    art: [
      { kind: 'clicker', metal: 'steel', gem: 'zirconia' },
      { kind: 'clicker', metal: 'titanium-gold', gem: 'zirconia' },
      { kind: 'clicker', metal: 'black-pvd', gem: 'zirconia' },
    ],
  },
  {
    sku: 'LUM-ORE-003',
    name: 'Argola Captive Bead Aço Cirúrgico - Tamanho: 10mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Argolas',
    price: 2990,
    sizes: ['8mm', '10mm', '12mm'],
    measures: ['1,2mm', '1,6mm'],
    stock: 60,
    // The last 8 mm ring in 1,2 mm: the demo shows a size selling out while the others sell.
    variantStock: { '8mm/1,2mm': 1, '8mm/1,6mm': 0 },
    days: 150,
    tags: ['argola', 'captive', 'aço cirúrgico', 'básico'],
    intro:
      'A clássica argola com esfera presa por pressão. Simples, resistente e fácil de combinar: a escolha certa para a primeira troca depois da cicatrização.',
    points: ['Esfera de 3mm presa por pressão entre as pontas da argola'],
    art: [
      { kind: 'captive-bead-ring', metal: 'steel' },
      { kind: 'captive-bead-ring', metal: 'steel', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-ORE-004',
    name: 'Argola Clicker Ouro 18k - Tamanho: 8mm; Espessura: 1,0mm',
    category: 'orelha',
    subcategory: 'Argolas',
    price: 48900,
    pix: 43900,
    status: 'featured',
    sizes: ['8mm'],
    measures: ['1,0mm'],
    stock: 3,
    days: 20,
    tags: ['argola', 'clicker', 'ouro 18k', 'luxo'],
    intro:
      'Clicker em ouro amarelo 18k maciço, com frente levemente encorpada e polimento de joalheria. Uma peça para a vida toda.',
    points: ['Acompanha estojo e certificado'],
    weight: 6,
    art: [
      { kind: 'clicker', metal: 'gold-18k' },
      { kind: 'clicker', metal: 'gold-18k', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-005',
    name: 'Labret Tragus Zircônia Titânio - Comprimento: 6mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Tragus',
    price: 6990,
    pix: 6290,
    sizes: ['6mm', '8mm'],
    measures: ['1,2mm'],
    stock: 40,
    days: 35,
    tags: ['tragus', 'labret', 'zircônia', 'titânio'],
    intro:
      'Labret de rosca interna com zircônia de 3mm em garra. O disco chato das costas não incomoda ao usar fone de ouvido e deixa o tragus confortável.',
    points: ['Rosca interna: a haste lisa não machuca ao colocar'],
    art: [
      { kind: 'labret', metal: 'titanium', gem: 'zirconia' },
      { kind: 'labret', metal: 'titanium', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-006',
    name: 'Labret Tragus Opala Titânio Dourado - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Tragus',
    price: 9990,
    sizes: ['6mm', '8mm'],
    measures: ['1,2mm'],
    stock: 0,
    days: 64,
    tags: ['tragus', 'labret', 'opala', 'dourado'],
    intro:
      'Opala branca com reflexos coloridos em moldura de titânio dourado. Discreta de longe, surpreendente de perto.',
    points: ['Rosca interna'],
    art: [
      { kind: 'labret', metal: 'titanium-gold', gem: 'opal' },
      { kind: 'labret', metal: 'titanium-gold', gem: 'opal', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-007',
    name: 'Piercing Hélix Esfera Aço Cirúrgico - Comprimento: 6mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Hélix',
    price: 3490,
    sizes: ['6mm', '8mm'],
    measures: ['1,2mm'],
    stock: 80,
    days: 170,
    tags: ['hélix', 'labret', 'esfera', 'básico'],
    intro: 'Labret com esfera polida de 3mm, o básico que combina com tudo na cartilagem.',
    care: null,
    art: [{ kind: 'labret', metal: 'steel' }],
  },
  {
    sku: 'LUM-ORE-008',
    name: 'Piercing Hélix Rubi Ouro Rosé 18k - Comprimento: 6mm; Espessura: 1,2mm',
    category: 'orelha',
    subcategory: 'Hélix',
    price: 38900,
    pix: 34900,
    status: 'featured',
    sizes: ['6mm'],
    measures: ['1,2mm'],
    stock: 2,
    days: 9,
    tags: ['hélix', 'ouro rosé', 'rubi', 'luxo'],
    intro:
      'Pedra vermelha em moldura de ouro rosé 18k: o tom quente do ouro realça a cor da pedra. Para hélix, flat e lóbulo.',
    points: ['Acompanha estojo e certificado'],
    art: [
      { kind: 'labret', metal: 'rose-gold', gem: 'ruby' },
      { kind: 'labret', metal: 'rose-gold', gem: 'ruby', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-009',
    name: 'Barbell Industrial Aço Cirúrgico - Comprimento: 38mm; Espessura: 1,6mm',
    category: 'orelha',
    subcategory: 'Industrial',
    price: 3990,
    sizes: ['35mm', '38mm', '40mm'],
    measures: ['1,6mm'],
    stock: 45,
    days: 120,
    tags: ['industrial', 'barbell', 'aço cirúrgico'],
    intro:
      'Barra reta longa para piercing industrial, ligando hélix e anti-hélix, com esferas de 5mm rosqueadas.',
    points: ['Esferas com rosca externa, fáceis de trocar'],
    art: [
      { kind: 'industrial-barbell', metal: 'steel' },
      { kind: 'industrial-barbell', metal: 'steel', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-ORE-010',
    name: 'Barbell Industrial Titânio Arco-íris - Comprimento: 38mm; Espessura: 1,6mm',
    category: 'orelha',
    subcategory: 'Industrial',
    price: 11990,
    sale: 9990,
    sizes: ['35mm', '38mm'],
    measures: ['1,6mm'],
    stock: 7,
    days: 28,
    tags: ['industrial', 'arco-íris', 'titânio', 'colorido'],
    intro:
      'Industrial em titânio com anodização arco-íris: do roxo ao dourado ao longo da barra, cada peça é única.',
    art: [
      { kind: 'industrial-barbell', metal: 'titanium-rainbow' },
      { kind: 'industrial-barbell', metal: 'titanium-rainbow', view: 'detail' },
    ],
  },
  // ----- Boca -----
  {
    sku: 'LUM-BOC-001',
    name: 'Labret Esfera Titânio - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'boca',
    subcategory: 'Labret',
    price: 4990,
    pix: 4490,
    sizes: ['6mm', '8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 70,
    days: 90,
    tags: ['labret', 'lábio', 'medusa', 'titânio'],
    intro:
      'Labret de lábio com esfera de 3mm e disco chato por dentro, que protege dentes e gengiva. Serve para medusa, monroe e labret central.',
    points: ['Disco interno de 4mm com bordas arredondadas'],
    art: [
      { kind: 'labret', metal: 'titanium' },
      { kind: 'labret', metal: 'titanium', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-BOC-002',
    name: 'Labret Zircônia Ouro 18k - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'boca',
    subcategory: 'Labret',
    price: 32900,
    pix: 29900,
    status: 'featured',
    sizes: ['6mm', '8mm'],
    measures: ['1,2mm'],
    stock: 5,
    days: 15,
    tags: ['labret', 'ouro 18k', 'zircônia', 'monroe'],
    intro:
      'Labret com ponteira de ouro 18k e zircônia cristal em garra. Brilho de joalheria para medusa e monroe.',
    points: ['Haste em titânio ASTM F-136, ponteira em ouro 18k'],
    art: [
      { kind: 'labret', metal: 'gold-18k', gem: 'zirconia' },
      { kind: 'labret', metal: 'gold-18k', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-BOC-003',
    name: 'Labret Zircônia Preto PVD - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'boca',
    subcategory: 'Labret',
    price: 3990,
    sizes: ['8mm'],
    measures: ['1,2mm'],
    stock: 0,
    days: 75,
    tags: ['labret', 'preto', 'zircônia'],
    intro: 'Labret preto com zircônia cristal: contraste marcante para lábio e queixo.',
    art: [{ kind: 'labret', metal: 'black-pvd', gem: 'zirconia' }],
  },
  {
    sku: 'LUM-BOC-004',
    name: 'Piercing Língua Barbell Titânio - Comprimento: 16mm; Espessura: 1,6mm',
    category: 'boca',
    subcategory: 'Língua',
    price: 5990,
    sizes: ['14mm', '16mm', '19mm'],
    measures: ['1,6mm'],
    stock: 38,
    days: 110,
    tags: ['língua', 'barbell', 'titânio'],
    intro:
      'Barbell reto com esferas de 6mm, o formato tradicional para a língua. O titânio é leve e não tem gosto metálico.',
    points: ['Esferas de 6mm com rosca externa'],
    art: [
      { kind: 'tongue-barbell', metal: 'titanium' },
      { kind: 'tongue-barbell', metal: 'titanium', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-BOC-005',
    name: 'Piercing Língua Zircônia Aço Cirúrgico - Comprimento: 16mm; Espessura: 1,6mm',
    category: 'boca',
    subcategory: 'Língua',
    price: 4490,
    sale: 3590,
    sizes: ['16mm'],
    measures: ['1,6mm'],
    stock: 25,
    days: 48,
    tags: ['língua', 'zircônia', 'brilho'],
    intro: 'Barbell de língua com zircônia de 5mm na ponta de cima e esfera lisa embaixo.',
    art: [
      { kind: 'tongue-barbell', metal: 'steel', gem: 'zirconia' },
      { kind: 'tongue-barbell', metal: 'steel', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-BOC-006',
    name: 'Piercing Língua Titânio Azul - Comprimento: 14mm; Espessura: 1,6mm',
    category: 'boca',
    subcategory: 'Língua',
    price: 7990,
    sizes: ['14mm', '16mm'],
    measures: ['1,6mm'],
    stock: 12,
    days: 6,
    tags: ['língua', 'titânio', 'colorido', 'anodizado'],
    variations: [{ name: 'Cor', options: ['Azul', 'Arco-íris', 'Dourado'] }],
    intro:
      'Barbell de língua em titânio anodizado, em três cores. A cor é permanente: não descasca nem desbota.',
    art: [
      { kind: 'tongue-barbell', metal: 'titanium-blue' },
      { kind: 'tongue-barbell', metal: 'titanium-rainbow' },
      { kind: 'tongue-barbell', metal: 'titanium-gold' },
    ],
  },
  {
    sku: 'LUM-BOC-007',
    name: 'Smiley Ferradura Aço Cirúrgico - Tamanho: 8mm; Espessura: 1,0mm',
    category: 'boca',
    subcategory: 'Smiley',
    price: 3290,
    sizes: ['6mm', '8mm'],
    measures: ['1,0mm'],
    stock: 50,
    days: 140,
    tags: ['smiley', 'freio', 'ferradura'],
    intro:
      'Ferradura delicada para o freio do lábio superior: aparece só quando você sorri. Esferas de 2,5mm.',
    care: 'O smiley usa espessura fina (1,0mm). Prefira 6mm para um visual discreto e 8mm para a ferradura aparecer mais no sorriso. Enxágue com solução sem álcool após as refeições.',
    art: [
      { kind: 'circular-barbell', metal: 'steel' },
      { kind: 'circular-barbell', metal: 'steel', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-BOC-008',
    name: 'Smiley Argola Captive Titânio Rosé - Tamanho: 8mm; Espessura: 1,0mm',
    category: 'boca',
    subcategory: 'Smiley',
    price: 6490,
    sizes: ['8mm'],
    measures: ['1,0mm'],
    stock: 9,
    days: 22,
    tags: ['smiley', 'argola', 'rosé'],
    intro: 'Argola captive fina em titânio rosé para smiley, com esfera de 2,5mm.',
    art: [{ kind: 'captive-bead-ring', metal: 'titanium-rose' }],
  },
  // ----- Nariz -----
  {
    sku: 'LUM-NAR-001',
    name: 'Septo Clicker Cravejado Zircônias Titânio - Tamanho: 10mm; Espessura: 1,2mm',
    category: 'nariz',
    subcategory: 'Septo',
    price: 15990,
    pix: 13990,
    status: 'featured',
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 15,
    days: 3,
    tags: ['septo', 'clicker', 'zircônia', 'titânio'],
    intro:
      'Clicker de septo com fileira de seis zircônias na frente. A dobradiça abre e fecha com um clique, sem precisar de ferramenta.',
    points: ['Dobradiça com trava: não abre sozinha'],
    art: [
      { kind: 'septum-clicker', metal: 'titanium', gem: 'zirconia' },
      { kind: 'septum-clicker', metal: 'titanium', gem: 'zirconia', view: 'detail' },
      { kind: 'septum-clicker', metal: 'titanium', gem: 'zirconia', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-NAR-002',
    name: 'Septo Clicker Ornamentado Prata 925 - Tamanho: 10mm; Espessura: 1,2mm',
    category: 'nariz',
    subcategory: 'Septo',
    price: 16490,
    sizes: ['10mm'],
    measures: ['1,2mm'],
    stock: 18,
    days: 55,
    tags: ['septo', 'clicker', 'prata', 'ornamentado'],
    intro:
      'Clicker de septo com frente larga decorada por pequenas esferas, inspirado em joias étnicas.',
    art: [
      { kind: 'septum-clicker', metal: 'silver-925' },
      { kind: 'septum-clicker', metal: 'silver-925', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-NAR-003',
    name: 'Septo Ferradura Spikes Preto PVD - Tamanho: 10mm; Espessura: 1,2mm',
    category: 'nariz',
    subcategory: 'Septo',
    price: 4590,
    sizes: ['8mm', '10mm', '12mm'],
    measures: ['1,2mm', '1,6mm'],
    stock: 30,
    days: 100,
    tags: ['septo', 'ferradura', 'spike', 'preto'],
    intro:
      'Ferradura preta com pontas cônicas (spikes). Pode ser virada para dentro do nariz quando você precisar esconder o piercing.',
    art: [
      { kind: 'circular-barbell', metal: 'black-pvd', ends: 'spike' },
      { kind: 'circular-barbell', metal: 'black-pvd', ends: 'spike', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-NAR-004',
    name: 'Septo Clicker Ouro 18k Rubis - Tamanho: 8mm; Espessura: 1,2mm',
    category: 'nariz',
    subcategory: 'Septo',
    price: 45900,
    pix: 41900,
    status: 'featured',
    sizes: ['8mm'],
    measures: ['1,2mm'],
    stock: 1,
    days: 18,
    tags: ['septo', 'ouro 18k', 'rubi', 'luxo'],
    intro: 'Clicker de septo em ouro 18k com seis pedras vermelhas cravadas à mão.',
    points: ['Acompanha estojo e certificado'],
    weight: 5,
    art: [
      { kind: 'septum-clicker', metal: 'gold-18k', gem: 'ruby' },
      { kind: 'septum-clicker', metal: 'gold-18k', gem: 'ruby', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-NAR-005',
    name: 'Nostril Zircônia Titânio - Comprimento: 7mm; Espessura: 0,8mm',
    category: 'nariz',
    subcategory: 'Nostril',
    price: 3990,
    pix: 3590,
    sizes: ['7mm'],
    measures: ['0,8mm', '1,0mm'],
    stock: 90,
    days: 130,
    tags: ['nostril', 'nariz', 'zircônia', 'titânio'],
    variations: [{ name: 'Pedra', options: ['Cristal', 'Esmeralda', 'Safira'] }],
    intro:
      'Nostril em formato de parafuso (curvinha) com pedra de 2mm. A curva segura a joia por dentro da narina sem incomodar.',
    art: [
      { kind: 'nose-stud', metal: 'titanium', gem: 'zirconia' },
      { kind: 'nose-stud', metal: 'titanium', gem: 'emerald' },
      { kind: 'nose-stud', metal: 'titanium', gem: 'sapphire' },
    ],
  },
  {
    sku: 'LUM-NAR-006',
    name: 'Nostril Esmeralda Ouro 18k - Comprimento: 7mm; Espessura: 0,8mm',
    category: 'nariz',
    subcategory: 'Nostril',
    price: 27900,
    status: 'featured',
    sizes: ['7mm'],
    measures: ['0,8mm'],
    stock: 6,
    days: 40,
    tags: ['nostril', 'ouro 18k', 'esmeralda'],
    intro: 'Nostril de ouro 18k com pedra verde em moldura lisa, delicado e elegante.',
    art: [
      { kind: 'nose-stud', metal: 'gold-18k', gem: 'emerald' },
      { kind: 'nose-stud', metal: 'gold-18k', gem: 'emerald', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-NAR-007',
    name: 'Argola de Nariz Fina Ouro Rosé 18k - Tamanho: 8mm; Espessura: 0,8mm',
    category: 'nariz',
    subcategory: 'Argolas',
    price: 29900,
    pix: 26900,
    sizes: ['8mm'],
    measures: ['0,8mm'],
    stock: 11,
    days: 33,
    tags: ['argola', 'nariz', 'ouro rosé'],
    intro: 'Argola fina em ouro rosé 18k com pequena esfera na ponta, para narina cicatrizada.',
    art: [
      { kind: 'nose-ring', metal: 'rose-gold' },
      { kind: 'nose-ring', metal: 'rose-gold', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-NAR-008',
    name: 'Argola de Nariz Aço Cirúrgico com Esfera - Tamanho: 8mm; Espessura: 0,8mm',
    category: 'nariz',
    subcategory: 'Argolas',
    price: 2990,
    sizes: ['6mm', '8mm'],
    measures: ['0,8mm'],
    stock: 0,
    days: 160,
    tags: ['argola', 'nariz', 'básico'],
    intro: 'Argolinha de nariz com esfera fixa, fácil de colocar e tirar.',
    care: null,
    art: [{ kind: 'nose-ring', metal: 'steel' }],
  },
  // ----- Sobrancelha -----
  {
    sku: 'LUM-SOB-001',
    name: 'Barbell Curvo Aço Cirúrgico - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Curvos',
    price: 2990,
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 100,
    days: 175,
    tags: ['sobrancelha', 'curvo', 'básico'],
    intro:
      'Barbell curvo com esferas de 3mm, o formato que acompanha o arco da sobrancelha. Também serve para rook e daith.',
    art: [
      { kind: 'curved-barbell', metal: 'steel' },
      { kind: 'curved-barbell', metal: 'steel', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-SOB-002',
    name: 'Barbell Curvo Titânio Arco-íris - Comprimento: 10mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Curvos',
    price: 6990,
    pix: 6290,
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 20,
    days: 26,
    tags: ['sobrancelha', 'curvo', 'arco-íris', 'titânio'],
    intro: 'Barbell curvo em titânio com anodização arco-íris, que muda de cor conforme a luz.',
    art: [
      { kind: 'curved-barbell', metal: 'titanium-rainbow' },
      { kind: 'curved-barbell', metal: 'titanium-rainbow', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-SOB-003',
    name: 'Barbell Curvo Spikes Preto PVD - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Curvos',
    price: 3590,
    sizes: ['8mm'],
    measures: ['1,2mm'],
    stock: 28,
    days: 82,
    tags: ['sobrancelha', 'spike', 'preto'],
    intro: 'Barbell curvo preto com pontas cônicas de 4mm, para um visual mais ousado.',
    art: [{ kind: 'curved-barbell', metal: 'black-pvd', ends: 'spike' }],
  },
  {
    sku: 'LUM-SOB-004',
    name: 'Barbell Curvo Zircônia Titânio Rosé - Comprimento: 8mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Curvos',
    price: 8990,
    sale: 7490,
    sizes: ['8mm'],
    measures: ['1,2mm'],
    stock: 4,
    days: 14,
    tags: ['sobrancelha', 'zircônia', 'rosé'],
    intro: 'Barbell curvo rosé com zircônia em garra na ponta de cima e esfera lisa embaixo.',
    art: [
      { kind: 'curved-barbell', metal: 'titanium-rose', gem: 'zirconia' },
      { kind: 'curved-barbell', metal: 'titanium-rose', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-SOB-005',
    name: 'Barbell Reto Aço Cirúrgico - Comprimento: 10mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Retos',
    price: 2990,
    sizes: ['8mm', '10mm', '12mm'],
    measures: ['1,2mm'],
    stock: 40,
    days: 155,
    tags: ['sobrancelha', 'reto', 'barbell'],
    intro:
      'Barbell reto com esferas de 3mm, para sobrancelha vertical e perfurações de superfície.',
    art: [{ kind: 'straight-barbell', metal: 'steel' }],
  },
  {
    sku: 'LUM-SOB-006',
    name: 'Barbell Reto Titânio Dourado - Comprimento: 10mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Retos',
    price: 7490,
    active: false,
    sizes: ['10mm'],
    measures: ['1,2mm'],
    stock: 12,
    days: 95,
    tags: ['sobrancelha', 'reto', 'dourado'],
    intro: 'Barbell reto em titânio anodizado dourado com esferas de 3mm.',
    art: [{ kind: 'straight-barbell', metal: 'titanium-gold' }],
  },
  {
    sku: 'LUM-SOB-007',
    name: 'Argola Captive Sobrancelha Titânio Azul - Tamanho: 10mm; Espessura: 1,2mm',
    category: 'sobrancelha',
    subcategory: 'Argolas',
    price: 6990,
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
    stock: 16,
    days: 60,
    tags: ['sobrancelha', 'argola', 'azul'],
    intro: 'Argola captive em titânio azul com esfera de 3mm: cor vibrante sem tinta.',
    art: [
      { kind: 'captive-bead-ring', metal: 'titanium-blue' },
      { kind: 'captive-bead-ring', metal: 'titanium-blue', view: 'detail' },
    ],
  },
  // ----- Umbigo -----
  {
    sku: 'LUM-UMB-001',
    name: 'Banana Umbigo Zircônia Aço Cirúrgico - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Bananas',
    price: 3990,
    pix: 3490,
    sizes: ['8mm', '10mm', '12mm'],
    measures: ['1,6mm'],
    stock: 55,
    days: 70,
    tags: ['umbigo', 'banana', 'zircônia'],
    intro: 'Banana de umbigo com zircônia de 6mm em garra embaixo e esfera de 4mm em cima.',
    art: [
      { kind: 'navel-banana', metal: 'steel', gem: 'zirconia' },
      { kind: 'navel-banana', metal: 'steel', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-UMB-002',
    name: 'Banana Umbigo Titânio - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Bananas',
    price: 5490,
    sizes: ['10mm', '12mm'],
    measures: ['1,6mm'],
    stock: 35,
    days: 125,
    tags: ['umbigo', 'banana', 'titânio', 'primeira joia'],
    intro:
      'Banana lisa de titânio com esferas de 4mm e 6mm: a joia recomendada para a perfuração do umbigo.',
    art: [{ kind: 'navel-banana', metal: 'titanium' }],
  },
  {
    sku: 'LUM-UMB-003',
    name: 'Banana Umbigo Safira Ouro 18k - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Bananas',
    price: 42900,
    pix: 38900,
    status: 'featured',
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 4,
    days: 11,
    tags: ['umbigo', 'ouro 18k', 'safira', 'luxo'],
    intro: 'Banana de umbigo em ouro 18k com pedra azul-safira de 6mm em garra.',
    points: ['Acompanha estojo e certificado'],
    weight: 7,
    art: [
      { kind: 'navel-banana', metal: 'gold-18k', gem: 'sapphire' },
      { kind: 'navel-banana', metal: 'gold-18k', gem: 'sapphire', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-UMB-004',
    name: 'Banana Umbigo Opala Titânio Dourado - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Bananas',
    price: 13990,
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 0,
    days: 45,
    tags: ['umbigo', 'opala', 'dourado'],
    intro: 'Opala de 6mm com reflexos furta-cor em banana de titânio dourado.',
    art: [{ kind: 'navel-banana', metal: 'titanium-gold', gem: 'opal' }],
  },
  {
    sku: 'LUM-UMB-005',
    name: 'Pendente Umbigo Gota Zircônia Aço Cirúrgico - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Pendentes',
    price: 4990,
    sale: 3990,
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 44,
    days: 30,
    tags: ['umbigo', 'pendente', 'gota', 'zircônia'],
    intro:
      'Banana com pingente em gota de zircônia que balança a cada movimento. Para umbigos já cicatrizados.',
    art: [
      { kind: 'navel-dangle', metal: 'steel', gem: 'zirconia' },
      { kind: 'navel-dangle', metal: 'steel', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-UMB-006',
    name: 'Pendente Umbigo Gota Ametista Prata 925 - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Pendentes',
    price: 10990,
    pix: 9690,
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 8,
    days: 52,
    tags: ['umbigo', 'pendente', 'ametista', 'prata'],
    intro: 'Pingente em gota cor de ametista com pedra de apoio em garra, em prata 925 rodinada.',
    points: ['Haste em aço cirúrgico 316L: só o pingente é de prata'],
    art: [
      { kind: 'navel-dangle', metal: 'silver-925', gem: 'amethyst' },
      { kind: 'navel-dangle', metal: 'silver-925', gem: 'amethyst', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-UMB-007',
    name: 'Pendente Umbigo Gota Esmeralda Ouro 18k - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Pendentes',
    price: 46900,
    status: 'featured',
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 2,
    days: 7,
    tags: ['umbigo', 'pendente', 'ouro 18k', 'esmeralda', 'luxo'],
    intro: 'Pingente em gota verde-esmeralda com moldura e banana em ouro 18k maciço.',
    points: ['Acompanha estojo e certificado'],
    weight: 8,
    art: [
      { kind: 'navel-dangle', metal: 'gold-18k', gem: 'emerald' },
      { kind: 'navel-dangle', metal: 'gold-18k', gem: 'emerald', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-UMB-008',
    name: 'Pendente Umbigo Rubi Titânio Rosé - Comprimento: 10mm; Espessura: 1,6mm',
    category: 'umbigo',
    subcategory: 'Pendentes',
    price: 16990,
    status: 'hidden',
    sizes: ['10mm'],
    measures: ['1,6mm'],
    stock: 10,
    days: 2,
    tags: ['umbigo', 'pendente', 'rubi', 'rosé'],
    intro: 'Pingente em gota vermelha com banana em titânio rosé. Lançamento em preparação.',
    art: [{ kind: 'navel-dangle', metal: 'titanium-rose', gem: 'ruby' }],
  },
  // ----- Mamilo -----
  {
    sku: 'LUM-MAM-001',
    name: 'Barbell Mamilo Aço Cirúrgico - Comprimento: 14mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Barbells',
    price: 3490,
    sizes: ['12mm', '14mm', '16mm'],
    measures: ['1,6mm'],
    stock: 60,
    days: 145,
    tags: ['mamilo', 'barbell', 'reto'],
    intro: 'Barbell reto com esferas de 5mm, vendido por unidade.',
    art: [
      { kind: 'nipple-barbell', metal: 'steel' },
      { kind: 'nipple-barbell', metal: 'steel', view: 'pair' },
    ],
  },
  {
    sku: 'LUM-MAM-002',
    name: 'Barbell Mamilo Zircônias Titânio - Comprimento: 14mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Barbells',
    price: 9990,
    pix: 8990,
    sizes: ['12mm', '14mm'],
    measures: ['1,6mm'],
    stock: 14,
    days: 24,
    tags: ['mamilo', 'barbell', 'zircônia', 'titânio'],
    variations: [{ name: 'Cor', options: ['Prata', 'Dourado'] }],
    intro: 'Barbell de titânio com zircônia de 5mm em garra nas duas pontas, vendido por unidade.',
    art: [
      { kind: 'nipple-barbell', metal: 'titanium', gem: 'zirconia' },
      { kind: 'nipple-barbell', metal: 'titanium-gold', gem: 'zirconia' },
      { kind: 'nipple-barbell', metal: 'titanium', gem: 'zirconia', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-MAM-003',
    name: 'Barbell Mamilo Spikes Preto PVD - Comprimento: 16mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Barbells',
    price: 4290,
    sizes: ['14mm', '16mm'],
    measures: ['1,6mm'],
    stock: 22,
    days: 88,
    tags: ['mamilo', 'spike', 'preto'],
    intro: 'Barbell preto com spikes de 5mm nas duas pontas.',
    art: [{ kind: 'nipple-barbell', metal: 'black-pvd', ends: 'spike' }],
  },
  {
    sku: 'LUM-MAM-004',
    name: 'Argola Mamilo Captive Titânio - Tamanho: 12mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Argolas',
    price: 7490,
    sizes: ['10mm', '12mm', '14mm'],
    measures: ['1,6mm'],
    stock: 19,
    days: 66,
    tags: ['mamilo', 'argola', 'captive'],
    intro: 'Argola captive de titânio com esfera de 5mm, para mamilos cicatrizados.',
    art: [{ kind: 'captive-bead-ring', metal: 'titanium' }],
  },
  {
    sku: 'LUM-MAM-005',
    name: 'Argola Mamilo Segmentada Titânio Dourado - Tamanho: 12mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Argolas',
    price: 10990,
    sizes: ['12mm'],
    measures: ['1,6mm'],
    stock: 13,
    days: 38,
    tags: ['mamilo', 'argola', 'segmentada', 'dourado'],
    intro: 'Argola segmentada dourada, lisa de ponta a ponta, com fechamento invisível.',
    art: [
      { kind: 'segment-ring', metal: 'titanium-gold' },
      { kind: 'segment-ring', metal: 'titanium-gold', view: 'detail' },
    ],
  },
  {
    sku: 'LUM-MAM-006',
    name: 'Shield Mamilo Esferas Aço Cirúrgico - Comprimento: 16mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Shields',
    price: 6990,
    sizes: ['16mm'],
    measures: ['1,6mm'],
    stock: 11,
    days: 104,
    tags: ['mamilo', 'shield', 'escudo'],
    intro: 'Escudo circular com borda de pequenas esferas, atravessado por um barbell reto.',
    art: [{ kind: 'nipple-shield', metal: 'steel' }],
  },
  {
    sku: 'LUM-MAM-007',
    name: 'Shield Mamilo Zircônias Prata 925 - Comprimento: 16mm; Espessura: 1,6mm',
    category: 'mamilo',
    subcategory: 'Shields',
    price: 18990,
    status: 'featured',
    sizes: ['16mm'],
    measures: ['1,6mm'],
    stock: 6,
    days: 19,
    tags: ['mamilo', 'shield', 'zircônia', 'prata'],
    intro:
      'Escudo de prata 925 com quatro zircônias e borda de esferas, sobre barbell de aço 316L.',
    points: ['Barbell em aço cirúrgico 316L: só o escudo é de prata'],
    art: [
      { kind: 'nipple-shield', metal: 'silver-925', gem: 'zirconia' },
      { kind: 'nipple-shield', metal: 'silver-925', gem: 'zirconia', view: 'detail' },
    ],
  },
];

/** 'a', 'a e b', 'a, b e c' */
function listPtBr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items.at(-1) ?? ''}`;
}

function describe(entry: Entry): string {
  const first = entry.art[0];
  const items = [
    ...(first ? MATERIAL_TEXT[first.metal] : []),
    ...(first?.gem ? [GEM_TEXT[first.gem]] : []),
    ...(entry.points ?? []),
  ];
  if (entry.sizes.length > 0) items.push(`Tamanhos disponíveis: ${listPtBr(entry.sizes)}`);
  if (entry.measures.length > 0) items.push(`Espessura: ${listPtBr(entry.measures)}`);
  return `<p>${entry.intro}</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/**
 * The options a piece is sold in: its sizes as 'Diâmetro' (rings) or 'Comprimento' (bars), its
 * thicknesses as 'Espessura' (when there is a choice) and its other variations ('Cor', 'Pedra').
 */
function demoOptions(entry: Entry): ProductOption[] {
  const options: ProductOption[] = [];
  if (entry.sizes.length > 1) {
    options.push({
      name: entry.name.includes('Tamanho:') ? 'Diâmetro' : 'Comprimento',
      values: entry.sizes,
    });
  }
  if (entry.measures.length > 1) options.push({ name: 'Espessura', values: entry.measures });
  for (const variation of entry.variations ?? []) {
    options.push({ name: variation.name, values: variation.options });
  }
  return options.slice(0, 3);
}

/**
 * One variant per combination. The stock is shared out (the first ones get the remainder)
 * unless `variantStock` says otherwise; a colour with its own drawing shows it.
 */
function demoVariants(entry: Entry, options: ProductOption[], images: string[]): VariantInput[] {
  const combinations = optionCombinations(options);
  if (options.length === 0) return [{ sku: entry.sku, stock_quantity: entry.stock }];
  const explicit = entry.variantStock ?? {};
  const free = combinations.filter(
    (values) => explicit[Object.values(values).join('/')] === undefined,
  );
  const left = Math.max(0, entry.stock - Object.values(explicit).reduce((a, b) => a + b, 0));
  const colour = options.find(
    (option) =>
      option.values.length === images.length &&
      option.name !== 'Diâmetro' &&
      option.name !== 'Comprimento' &&
      option.name !== 'Espessura',
  );
  return combinations.map((values) => {
    const key = Object.values(values).join('/');
    const index = free.indexOf(values);
    const share =
      Math.floor(left / Math.max(free.length, 1)) +
      (index >= 0 && index < left % Math.max(free.length, 1) ? 1 : 0);
    const image = colour ? images[colour.values.indexOf(values[colour.name] ?? '')] : undefined;
    return {
      sku: suggestedVariantSku(entry.sku, Object.values(values)),
      option_values: values,
      stock_quantity: explicit[key] ?? share,
      image: image ?? null,
    };
  });
}

/** 'lum-boc-001-1': the demo photo's file name in apps/api/demo-photos, without its extension. */
const photoName = (sku: string, index: number): string => `${sku.toLowerCase()}-${index + 1}`;

export const DEMO_PRODUCTS: DemoProduct[] = ENTRIES.map((entry) => {
  const images = entry.art.map((_, index) => demoPhotoUrl(photoName(entry.sku, index)));
  const options = demoOptions(entry);
  return {
    sku: entry.sku,
    name: entry.name,
    description: describe(entry),
    complementary_description: entry.care === undefined ? CARE[entry.category] : entry.care,
    price_cents: entry.price,
    pix_price_cents: entry.pix ?? null,
    sale_price_cents: entry.sale ?? null,
    category: entry.category,
    subcategory: entry.subcategory,
    display_status: entry.status ?? 'visible',
    active: entry.active ?? true,
    images,
    sizes: entry.sizes,
    measures: entry.measures,
    tags: entry.tags,
    variations: entry.variations ?? [],
    options,
    variants: demoVariants(entry, options, images),
    stock_quantity: entry.stock,
    weight_grams: entry.weight ?? 4,
    created_days_ago: entry.days,
  };
});

/** Every photo the catalogue refers to: its file name, its address and the drawing it shows. */
export const DEMO_PRODUCT_IMAGES: { name: string; path: string; art: JewelryArtOptions }[] =
  ENTRIES.flatMap((entry, productIndex) =>
    entry.art.map((art, index) => ({
      name: photoName(entry.sku, index),
      path: demoPhotoUrl(photoName(entry.sku, index)),
      art: { ...art, seed: productIndex * 10 + index + 1 },
    })),
  );
