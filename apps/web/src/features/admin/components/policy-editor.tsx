import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn.ts';

/** What each toolbar button wraps the selection in: the tags the server keeps. */
const TOOLS = [
  { label: 'Negrito', text: 'B', open: '<strong>', close: '</strong>' },
  { label: 'Itálico', text: 'I', open: '<em>', close: '</em>' },
  { label: 'Título', text: 'H2', open: '<h2>', close: '</h2>' },
  { label: 'Subtítulo', text: 'H3', open: '<h3>', close: '</h3>' },
  { label: 'Parágrafo', text: '¶', open: '<p>', close: '</p>' },
  { label: 'Lista', text: '•', open: '<ul>\n<li>', close: '</li>\n</ul>' },
  { label: 'Lista numerada', text: '1.', open: '<ol>\n<li>', close: '</li>\n</ol>' },
] as const;

/**
 * A policy's text as basic HTML, with a toolbar that wraps the selection in the tags the store
 * keeps (paragraphs, bold, italic, headings, lists). A textarea rather than a rich editor: the
 * owner sees exactly what is saved, and the panel's chunk stays small.
 */
export function PolicyEditor({
  id,
  label,
  registration,
  error,
  onEdit,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Writes the new text into the form. */
  onEdit: (value: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;

  const wrap = (open: string, close: string) => {
    const field = area.current;
    if (!field) return;
    const { selectionStart: start, selectionEnd: end, value } = field;
    const next = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
    onEdit(next);
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(start + open.length, end + open.length);
    });
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div role="toolbar" aria-label={`Formatação: ${label}`} className="mt-1 flex flex-wrap gap-1">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            className="min-h-9 min-w-9 rounded-lg border border-ink-300 bg-white px-2 text-sm font-semibold text-ink-800 hover:bg-cream-100"
            onClick={() => wrap(tool.open, tool.close)}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <textarea
        id={id}
        rows={8}
        {...registration}
        ref={(element) => {
          registration.ref(element);
          area.current = element;
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(hintId, error ? errorId : undefined)}
        className={cn(
          'mt-1 w-full rounded-xl border bg-white px-4 py-2.5 font-mono text-sm text-ink-900',
          'focus:border-gold-600 focus:outline-none',
          error ? 'border-sale' : 'border-ink-300',
        )}
      />
      <p id={hintId} className="mt-1 text-xs text-ink-600">
        HTML simples: parágrafos, negrito, itálico, títulos, listas e links (http, https ou mailto).
        Em branco, a página fica fora da loja.
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
