import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dataRequestContact, useStore, whatsappChatUrl } from '../../lib/store-settings.ts';

/** Spec 001 sections 2 and 9: fourteen numbered sections, 15 business-day answers, retention times. */
export const PRIVACY_RESPONSE_BUSINESS_DAYS = 15;

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

const linkClass = 'text-gold-700 underline underline-offset-2 hover:text-ink-900';

/**
 * How to reach whoever answers for the shop's data: the officer the owner named (else the SAC)
 * with its e-mail, the WhatsApp and hours from the store settings, each only when the owner
 * filled it in, and the legal answer time.
 */
function PrivacyOfficerContact() {
  const store = useStore();
  const whatsapp = whatsappChatUrl(store);
  const { officer, email } = dataRequestContact(store);
  return (
    <>
      <p>
        {officer
          ? `Nosso encarregado pelo tratamento de dados pessoais é ${officer}. Para dúvidas ou solicitações sobre seus dados pessoais, entre em contato:`
          : 'Para dúvidas ou solicitações sobre seus dados pessoais, fale com o nosso atendimento, que responde por eles:'}
      </p>
      <ul>
        {email ? (
          <li>
            E-mail:{' '}
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          </li>
        ) : null}
        {whatsapp ? (
          <li>
            WhatsApp:{' '}
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={linkClass}>
              fale com a gente
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          </li>
        ) : null}
        {store?.business_hours ? <li>Horário de atendimento: {store.business_hours}.</li> : null}
        <li>
          Também pela página{' '}
          <Link to="/gerenciar-dados" className={linkClass}>
            Gerenciar Dados
          </Link>
          .
        </li>
        <li>Prazo de resposta: até {PRIVACY_RESPONSE_BUSINESS_DAYS} dias úteis.</li>
      </ul>
    </>
  );
}

export const POLICY_SECTIONS: PolicySection[] = [
  {
    id: 'dados-coletados',
    title: 'Dados que coletamos',
    body: (
      <>
        <p>Coletamos apenas os dados necessários para vender, entregar e atender você:</p>
        <ul>
          <li>
            <strong>Dados pessoais:</strong> nome, e-mail, CPF, telefone, data de nascimento, gênero
            e endereços de entrega, informados no cadastro, no checkout ou no formulário de contato.
          </li>
          <li>
            <strong>Dados de navegação:</strong> endereço IP, tipo de navegador e dispositivo,
            páginas visitadas, identificador de sessão e as preferências de cookies.
          </li>
          <li>
            <strong>Dados de transação:</strong> produtos comprados, valores, forma de pagamento
            (PIX), status do pagamento e do pedido e dados de entrega. Não armazenamos dados de
            cartão.
          </li>
          <li>
            <strong>Avaliações:</strong> a nota, o comentário e a foto que você envia ao avaliar um
            produto que comprou. A foto é guardada sem a localização e os dados da câmera.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos seus dados',
    body: (
      <ul>
        <li>Processar pedidos, pagamentos e entregas e emitir documentos fiscais.</li>
        <li>Criar e manter sua conta, seu carrinho e sua lista de desejos.</li>
        <li>Responder mensagens e solicitações de atendimento.</li>
        <li>
          Pedir, por um único e-mail sete dias após a entrega de cada pedido, que você avalie os
          produtos recebidos, e publicar na página do produto, depois de aprovadas pela loja, as
          avaliações que você escrever, com o seu primeiro nome e a variação comprada (nunca o
          sobrenome, o e-mail ou outros dados).
        </li>
        <li>Prevenir fraudes e proteger a segurança da loja e dos clientes.</li>
        <li>Cumprir obrigações legais e regulatórias.</li>
        <li>
          Enviar ofertas e novidades, somente se você consentir, com opção de cancelamento a
          qualquer momento.
        </li>
        <li>Melhorar a loja com estatísticas de uso, somente com o seu consentimento.</li>
      </ul>
    ),
  },
  {
    id: 'bases-legais',
    title: 'Bases legais',
    body: (
      <>
        <p>Tratamos dados pessoais com base no art. 7º da Lei nº 13.709/2018 (LGPD):</p>
        <ul>
          <li>
            <strong>Execução de contrato:</strong> para vender, cobrar e entregar o que você
            comprou.
          </li>
          <li>
            <strong>Cumprimento de obrigação legal:</strong> guarda de registros fiscais e de
            acesso.
          </li>
          <li>
            <strong>Legítimo interesse:</strong> segurança, prevenção a fraudes e melhoria do
            atendimento (como o e-mail que pede a avaliação de um pedido entregue), sempre
            respeitando seus direitos.
          </li>
          <li>
            <strong>Consentimento:</strong> marketing, cookies não essenciais e a publicação das
            avaliações que você decide escrever, que você pode revogar quando quiser.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Compartilhamento de dados',
    body: (
      <>
        <p>Não vendemos seus dados. Compartilhamos o mínimo necessário com:</p>
        <ul>
          <li>o provedor de pagamentos (Mercado Pago), para processar o PIX;</li>
          <li>os Correios e transportadoras, para calcular o frete e entregar seu pedido;</li>
          <li>nosso sistema de gestão (ERP), para controlar estoque, pedidos e notas fiscais;</li>
          <li>o Google, somente se você escolher entrar com a sua conta Google;</li>
          <li>autoridades públicas, quando a lei ou uma ordem judicial exigir.</li>
        </ul>
        <p>
          Todos os parceiros devem tratar os dados com segurança e apenas para essas finalidades.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    body: (
      <p>
        Usamos conexão criptografada (HTTPS), senhas guardadas com algoritmos de hash resistentes,
        controle de acesso restrito, registros de auditoria e cópias de segurança. Nenhum sistema é
        totalmente imune a incidentes; se algum incidente relevante acontecer, avisaremos você e a
        ANPD conforme a LGPD.
      </p>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos',
    body: (
      <ul>
        <li>
          <strong>Dados de transações:</strong> 5 anos, para cumprir obrigações fiscais e de defesa
          do consumidor.
        </li>
        <li>
          <strong>Registros (logs) do sistema:</strong> 12 meses.
        </li>
        <li>
          <strong>Dados da conta:</strong> enquanto a conta estiver ativa.
        </li>
        <li>
          <strong>Dados de marketing:</strong> até você retirar o consentimento.
        </li>
        <li>
          <strong>Avaliações:</strong> enquanto a sua conta existir. Se você pedir a exclusão da
          conta, suas avaliações, publicadas ou não, são apagadas com as fotos; para apagar só uma
          delas, fale com o encarregado de dados.
        </li>
      </ul>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos como titular',
    body: (
      <>
        <p>Pela LGPD (art. 18), você pode, a qualquer momento:</p>
        <ul>
          <li>confirmar se tratamos seus dados e acessá-los;</li>
          <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
          <li>pedir anonimização, bloqueio ou eliminação de dados desnecessários ou excessivos;</li>
          <li>solicitar a portabilidade dos seus dados;</li>
          <li>pedir a eliminação dos dados tratados com base no seu consentimento;</li>
          <li>saber com quem compartilhamos seus dados;</li>
          <li>revogar o consentimento e ser informado sobre as consequências de não consentir.</li>
        </ul>
        <p>
          Faça sua solicitação pela página{' '}
          <Link to="/gerenciar-dados" className={linkClass}>
            Gerenciar Dados
          </Link>{' '}
          ou pelo contato da seção “Contato do encarregado de dados”, abaixo. Respondemos em até{' '}
          {PRIVACY_RESPONSE_BUSINESS_DAYS} dias úteis.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>Usamos quatro categorias de cookies:</p>
        <ul>
          <li>
            <strong>Essenciais:</strong> sessão, carrinho, segurança e a sua escolha de cookies.
            Sempre ativos, pois a loja não funciona sem eles.
          </li>
          <li>
            <strong>Desempenho:</strong> estatísticas de uso para deixar a loja mais rápida.
          </li>
          <li>
            <strong>Funcionais:</strong> lembram preferências de navegação.
          </li>
          <li>
            <strong>Marketing:</strong> ofertas e anúncios mais relevantes.
          </li>
        </ul>
        <p>
          Sua escolha fica registrada por 365 dias. Você pode mudá-la a qualquer momento pelo link
          “Preferências de cookies” no rodapé.
        </p>
      </>
    ),
  },
  {
    id: 'transferencia-internacional',
    title: 'Transferência internacional de dados',
    body: (
      <p>
        Alguns fornecedores, como serviços de hospedagem e o login com Google, podem processar dados
        fora do Brasil. Nesses casos, só trabalhamos com empresas que oferecem nível de proteção
        adequado e garantias previstas nos arts. 33 a 36 da LGPD.
      </p>
    ),
  },
  {
    id: 'menores',
    title: 'Menores de idade',
    body: (
      <p>
        Nossos produtos e serviços são destinados a maiores de 18 anos. Menores de 18 anos só podem
        comprar com o consentimento e o acompanhamento dos pais ou responsáveis legais. Se
        identificarmos dados de menores coletados sem esse consentimento, eles serão excluídos.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta política',
    body: (
      <p>
        Podemos atualizar esta política para refletir mudanças na loja ou na legislação. A data da
        última atualização fica no topo desta página e, se a mudança for relevante, avisaremos por
        e-mail ou por um aviso na loja.
      </p>
    ),
  },
  {
    id: 'encarregado',
    title: 'Contato do encarregado de dados (DPO)',
    body: <PrivacyOfficerContact />,
  },
  {
    id: 'anpd',
    title: 'Autoridade Nacional de Proteção de Dados (ANPD)',
    body: (
      <p>
        Se você entender que o tratamento dos seus dados viola a LGPD, pode apresentar reclamação à
        Autoridade Nacional de Proteção de Dados (ANPD), pelo site{' '}
        <a
          href="https://www.gov.br/anpd"
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          gov.br/anpd
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
        . Pedimos que, antes, fale com a gente: queremos resolver sua questão.
      </p>
    ),
  },
  {
    id: 'disposicoes-finais',
    title: 'Disposições finais',
    body: (
      <p>
        Esta política é regida pelas leis brasileiras, em especial a LGPD, o Marco Civil da Internet
        e o Código de Defesa do Consumidor. Fica eleito o foro do domicílio do titular para resolver
        qualquer questão relacionada a ela.
      </p>
    ),
  },
];
