// Reading an uploaded import file (docs/catalog-import.md): JSON, or a table (CSV or XLSX) of one
// variant a row under the template's columns (import-template.ts). The kind is told from the bytes:
// a ZIP is XLSX, `{` is JSON, anything else CSV. A file that does not read gives one error with its
// line (and position), in Russian.
import ExcelJS from 'exceljs';
import { importIssue, type ImportIssue } from '../catalog/index.ts';

export type Cell = string | number | null;
/** Rows of a table with their numbers as a spreadsheet shows them (the header is row 1). */
export type TableRow = { line: number; cells: Cell[] };

export type ReadUpload =
  | { kind: 'json'; value: unknown }
  | { kind: 'table'; rows: TableRow[] }
  | { kind: 'unreadable'; issue: ImportIssue };

const unreadable = (message: string, row: string | null = null): ReadUpload => ({
  kind: 'unreadable',
  issue: { ...importIssue('(файл)', message), row },
});

/** «Unexpected token } in JSON at position 42» → line and column of that position. */
function jsonError(text: string, error: unknown): ReadUpload {
  const message = error instanceof Error ? error.message : '';
  const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN);
  if (!Number.isFinite(position)) return unreadable('Файл не читается как JSON: он оборван или пуст');
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return unreadable(
    `Файл не читается как JSON: ошибка в строке ${line}, позиция ${column}`,
    `Строка ${line}, позиция ${column}`,
  );
}

/** RFC 4180 with the separator of the header line (`;` as Excel writes it in Russian, `,` or tab). */
export function parseCsv(text: string): TableRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const header = body.slice(0, Math.max(0, body.search(/\r?\n/)) || body.length);
  const count = (c: string) => header.split(c).length;
  const separator = [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ';');
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endCell();
      records.push(cells);
      cells = [];
    } else cell += c;
  }
  if (cell !== '' || cells.length) {
    endCell();
    records.push(cells);
  }
  return records
    .map((r, i) => ({ line: i + 1, cells: r.map((v) => (v.trim() === '' ? null : v.trim())) }))
    .filter((r) => r.cells.some((v) => v !== null));
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value == null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('result' in value) return cellOf(value.result ?? null);
  if ('richText' in value) return cellOf(value.richText.map((r) => r.text).join(''));
  if ('text' in value) return cellOf(String(value.text));
  return null;
}

async function parseXlsx(bytes: Buffer): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: TableRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (v) => cellOf(v ?? null));
    if (cells.some((v) => v !== null)) rows.push({ line, cells });
  });
  return rows;
}

export async function readUpload(bytes: Buffer): Promise<ReadUpload> {
  if (bytes.length === 0) return unreadable('Файл пуст');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    try {
      return { kind: 'table', rows: await parseXlsx(bytes) };
    } catch {
      return unreadable('Файл не читается как таблица Excel (.xlsx); сохраните его заново или выгрузите CSV');
    }
  }
  const text = bytes.toString('utf8');
  if (/^\uFEFF?\s*[[{]/.test(text)) {
    try {
      return { kind: 'json', value: JSON.parse(text.replace(/^\uFEFF/, '')) };
    } catch (error) {
      return jsonError(text.replace(/^\uFEFF/, ''), error);
    }
  }
  if (text.includes('\uFFFD'))
    return unreadable('CSV не в кодировке UTF-8: сохраните файл как «CSV UTF-8» или загрузите .xlsx');
  return { kind: 'table', rows: parseCsv(text) };
}
