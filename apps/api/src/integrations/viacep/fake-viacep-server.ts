import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeViaCepServer {
  /** For VIACEP_BASE_URL (the '/ws' part included, like the real one). */
  url: string;
  /** ViaCEP bodies by CEP; a CEP not listed answers `{"erro": "true"}`. */
  addresses: Map<string, Record<string, unknown>>;
  mode: 'ok' | 'error' | 'slow' | 'garbage';
  slowMs: number;
  /** CEPs asked so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const AVENIDA_PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

/** A local stand-in for ViaCEP's GET /ws/{cep}/json/ on a free loopback port (or `port`). */
export async function startFakeViaCep(options: { port?: number } = {}): Promise<FakeViaCepServer> {
  const server = createServer((request, response) => {
    const match = /^\/ws\/(\d{8})\/json\/$/.exec(request.url ?? '');
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    };
    if (!match) {
      send(400, '<h2>Bad Request (400)</h2>');
      return;
    }
    const cep = match[1]!;
    fake.requests.push(cep);
    const answer = () => {
      const address = fake.addresses.get(cep);
      send(200, JSON.stringify(address ?? { erro: 'true' }));
    };
    if (fake.mode === 'error') send(500, '{"message":"Internal Server Error"}');
    else if (fake.mode === 'garbage') send(200, '<html>ViaCEP em manutenção</html>');
    else if (fake.mode === 'slow') setTimeout(answer, fake.slowMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeViaCepServer = {
    url: `http://127.0.0.1:${port}/ws`,
    addresses: new Map([['01310100', AVENIDA_PAULISTA]]),
    mode: 'ok',
    slowMs: 1_000,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
