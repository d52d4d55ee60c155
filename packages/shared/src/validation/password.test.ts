import { describe, expect, it } from 'vitest';
import { passwordRuleError, registerPasswordError } from './password.ts';

const RULE = 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';
const TOO_LONG = 'Senha deve ter no máximo 128 caracteres';
const CONTROL = 'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle';
const EDGE_SPACE = 'Senha não pode começar nem terminar com espaço';

describe('password rule', () => {
  it.each([
    ['Abcdefg1', undefined],
    ['Senha@123', undefined],
    ['Aa1@$!%*?&', undefined],
    // Any printable character (passphrases, pt-BR): spaces inside, accents, symbols, alphabets.
    ['Çãoé Senha 1', undefined],
    ['Abcdefg1#', undefined],
    ['Minha frase, com 3 vírgulas; e ponto.', undefined],
    ['Ébano123', undefined],
    ['Пароль123', undefined],
    ['Aa1~^`´{}[]<>|\\/"\'-_=+', undefined],
    ['Abcdef1', RULE],
    ['abcdefg1', RULE],
    ['ABCDEFG1', RULE],
    ['Abcdefgh', RULE],
    ['ébano123', RULE],
    ['        ', RULE],
    ['Abcdefg1\t', CONTROL],
    ['Abcd\nefg1', CONTROL],
    ['Abcdefg1\u0000', CONTROL],
    ['Abcdefg1\u007f', CONTROL],
    ['Abcdefg1\u0085', CONTROL],
    ['Abcdefg1\u2028', CONTROL],
    ['Abcdefg1\ud800', CONTROL],
    [' Abcdefg1', EDGE_SPACE],
    ['Abcdefg1 ', EDGE_SPACE],
    ['Abcdefg1\u00a0', EDGE_SPACE],
  ])('%j -> %s', (password, message) => {
    expect(passwordRuleError(password)).toBe(message);
    expect(registerPasswordError(password)).toBe(message);
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(registerPasswordError(`Aa1${'x'.repeat(125)}`)).toBeUndefined();
    expect(registerPasswordError(`Aa1${'x'.repeat(126)}`)).toBe(TOO_LONG);
  });

  it('says the maximum before anything else about a long value', () => {
    expect(registerPasswordError(` ${'\t'.repeat(200)}`)).toBe(TOO_LONG);
  });

  it('leaves the empty value to each form, the register one saying it is required', () => {
    expect(passwordRuleError('')).toBe(RULE);
    expect(registerPasswordError('')).toBe('Senha é obrigatória');
  });
});
