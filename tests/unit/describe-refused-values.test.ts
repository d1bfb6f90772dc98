import { expect, test } from 'vitest'
import { describeRefusedValues } from '#web/lib/describe-refused-values.ts'

// A refusal lists what the person wrote in the screens' words, so they can copy it back.

test('each value reads as the screens show it: labels, money, statuses and roles in Dutch', () => {
  const described = describeRefusedValues({
    clientName: 'Familie Verbeek',
    salePrice: 45_000_000,
    status: 'cancelled',
    role: 'MANAGER',
    costsDescription: '',
    splits: [{ sellerId: 's1', commissionPercentage: 60 }],
  })
  expect(described.map(({ label, text }) => [label, text])).toEqual([
    ['Klant', 'Familie Verbeek'],
    ['Verkoopprijs', '€\u00a0450.000,00'],
    ['Status', 'Geannuleerd'],
    ['Rol', 'Manager'],
    ['Omschrijving kosten', '—'],
    ['Verdeling', '[{"sellerId":"s1","commissionPercentage":60}]'],
  ])
})

test('an unknown status stays as it was written', () => {
  expect(describeRefusedValues({ status: 'elsewhere' })[0]?.text).toBe('elsewhere')
})
