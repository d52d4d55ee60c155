/**
 * 'YYYY-MM-DD HH:MM:SS' in Brasília time, the way Bling writes and filters dates
 * (dataAlteracao, dataAlteracaoInicial). Brazil has had no daylight saving time since 2019, so
 * it is always UTC−3.
 */
export function blingDateTime(date: Date = new Date()): string {
  return new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
