/** The header of a sales sheet as an office keeps one: the columns an import maps by name. */
export const SALES_SHEET_HEADER = [
  'Klantnaam',
  'Project',
  'Verkoopdatum',
  'Verkoopprijs',
  'Commissie %',
  'Verkoper',
  'Bouwnummer',
]
