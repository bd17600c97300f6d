// The template of a table import (docs/catalog-import.md): the columns import-sheet.ts reads, with
// two example rows (one product in two sizes), as CSV (UTF-8 with BOM, `;`, as Excel opens it in
// a Russian locale) or XLSX with a second sheet that explains the columns.
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from './import-columns.ts';

const NOTES: Record<string, string> = {
  spu: 'Обязательно. Строки с одним артикулом — варианты одного товара; столбцы товара читаются из первой из них.',
  title: 'Обязательно для нового товара.',
  brand: 'Название бренда; нового бренда в магазине нет — он будет создан.',
  categories: 'Номера или названия категорий через запятую; новому товару нужна хотя бы одна.',
  description: 'Текст описания.',
  images: 'Адреса https:// картинок через запятую; первая — на карточке.',
  sku: 'Обязательно. Артикул варианта внутри товара; варианты товара, которых нет в файле, будут удалены.',
  variant_title: 'Как вариант называется в корзине; пусто — «Цвет · Размер».',
  price: 'Обязательно. Целое число рублей, не меньше 1.',
  qty: 'Обязательно. Сколько штук на складе, 0 и больше.',
  color: 'Цвет варианта.',
  size: 'Размер, как его видит покупатель.',
  size_eu: 'Размер EU для фильтра по размеру.',
};
const KEEP =
  'У товара, который уже есть в магазине, пустые «Описание», «Картинки», «Бренд» и «Категории» оставляют как есть.';

const csvCell = (s: string) => (/[;"\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

export function importTemplateCsv(): string {
  const lines = [
    IMPORT_COLUMNS.map((c) => csvCell(c.header)).join(';'),
    ...[0, 1].map((row) => IMPORT_COLUMNS.map((c) => csvCell(c.example[row] ?? '')).join(';')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function importTemplateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of [0, 1]) {
    sheet.addRow(
      Object.fromEntries(
        IMPORT_COLUMNS.map((c) => {
          const v = c.example[row] ?? '';
          return [c.key, (c.key === 'price' || c.key === 'qty') && v !== '' ? Number(v) : v];
        }),
      ),
    );
  }
  const help = workbook.addWorksheet('Как заполнять');
  help.columns = [
    { header: 'Столбец', key: 'header', width: 26 },
    { header: 'Что писать', key: 'note', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of IMPORT_COLUMNS) help.addRow({ header: c.header, note: NOTES[c.key] ?? '' });
  help.addRow({ header: '', note: KEEP });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
