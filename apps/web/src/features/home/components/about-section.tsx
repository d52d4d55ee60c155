import { useShopName } from '../../../lib/store-settings.ts';

const VALUES = [
  {
    title: 'Materiais seguros',
    text: 'Aço cirúrgico 316L, titânio ASTM F136 e ouro: metais escolhidos para a pele e para a cicatrização.',
  },
  {
    title: 'Curadoria com carinho',
    text: 'Cada peça é escolhida a dedo, das argolas delicadas aos labrets com pedras que brilham.',
  },
  {
    title: 'Atendimento de verdade',
    text: 'Ficou em dúvida sobre tamanho ou medida? Fale com a gente pelo WhatsApp ou pelo formulário.',
  },
];

export function AboutSection() {
  // The owner's trade name; the sentence speaks as 'we' while the settings name none.
  const shopName = useShopName();
  return (
    <section aria-labelledby="sobre-titulo" className="bg-ink-900 text-cream-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-xs font-semibold tracking-[0.3em] text-gold-300 uppercase">
            Quem somos
          </p>
          <h2 id="sobre-titulo" className="mt-2 font-serif text-3xl text-cream-50 sm:text-4xl">
            Sobre nós
          </h2>
          <p className="mt-5 leading-relaxed text-cream-200">
            {shopName ? `${shopName} nasceu` : 'Nascemos'} da paixão por joias que contam histórias.
            Somos uma loja brasileira especializada em joias para piercing, com peças para orelha,
            boca, nariz, sobrancelha, umbigo e mamilo.
          </p>
          <p className="mt-4 leading-relaxed text-cream-200">
            Acreditamos que cada furo merece uma joia bonita e segura. Por isso trabalhamos com
            materiais de qualidade, descrevemos tamanhos e medidas com clareza e enviamos tudo com
            cuidado para todo o Brasil.
          </p>
        </div>
        <ul className="grid gap-4">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl bg-ink-800 p-5 ring-1 ring-gold-700/30">
              <h3 className="font-serif text-xl text-gold-200">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-cream-200">{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
