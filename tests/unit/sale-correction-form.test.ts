import { describe, expect, test } from 'vitest'
import { getLineStatus, getOpenAmount } from '#schema/commission-line-status'
import { toMoneyInput } from '#web/sales/sale-detail/money-input.ts'
import {
  checkSaleCorrection,
  createCorrectionForm,
  hasUnshownSplits,
} from '#web/sales/wizard/sale-correction.ts'
import { getStepProblem, MISSING_FIELDS_TEXT } from '#web/sales/wizard/sale-form.ts'
import { buildSaleDocument } from '../support/sale-document.ts'

// The sale screen's own rules: the correction wizard's form over a registered sale, the
// amount the payment dialog starts with, and how a line's status is shown.

const sale = buildSaleDocument({
  id: 'sale-1',
  projectId: 'project-1',
  clientName: 'Familie Verbeek',
  clientEmail: 'klant@example.com',
  propertyNumber: 'HK-7',
  saleDate: '2025-03-01',
  salePrice: 35_000_050,
  commissionPercentage: 2.5,
  commissionAmount: 0,
  totalCosts: 125_050,
  costsDescription: 'Notaris',
  discountPercentage: 10,
  createdAt: 1,
  updatedAt: 1,
  seq: 4,
})

const splits = [
  { sellerId: 'anna', role: 'closer', commissionType: 'sales' as const, commissionPercentage: 60 },
  { sellerId: 'bram', role: 'setter', commissionType: 'sales' as const, commissionPercentage: 40 },
  {
    sellerId: 'chris',
    role: 'Aanbreng',
    commissionType: 'referral' as const,
    commissionPercentage: 12.5,
  },
]

describe('the correction form', () => {
  test('starts from the sale and its split, and gives back the same correction', () => {
    const form = createCorrectionForm(sale, splits)
    expect(form).toMatchObject({
      isCorrection: true,
      projectId: 'project-1',
      saleDate: '2025-03-01',
      deliveryDate: '',
      salePrice: '350000.5',
      totalCosts: '1250.5',
      commissionPercentage: '2,5',
      discountPercentage: '10',
    })
    expect(form.teamLines.map((line) => [line.sellerId, line.role, line.percentage])).toEqual([
      ['anna', 'closer', '60'],
      ['bram', 'setter', '40'],
    ])
    expect(form.extraLines.referral).toEqual({ sellerId: 'chris', percentage: '12,5' })
    const checked = checkSaleCorrection(form)
    expect(checked).toEqual({
      ok: true,
      correction: {
        clientName: 'Familie Verbeek',
        clientEmail: 'klant@example.com',
        clientPhone: null,
        propertyNumber: 'HK-7',
        saleDate: '2025-03-01',
        deliveryDate: null,
        salePrice: 35_000_050,
        commissionPercentage: 2.5,
        totalCosts: 125_050,
        costsDescription: 'Notaris',
        discountPercentage: 10,
        splits,
      },
    })
  })

  test('asks for the sale date and checks both dates', () => {
    const form = createCorrectionForm(sale, splits)
    expect(getStepProblem(form, 1)).toBeUndefined()
    expect(getStepProblem({ ...form, saleDate: '' }, 1)).toBe(MISSING_FIELDS_TEXT)
    expect(getStepProblem({ ...form, deliveryDate: '2025-02-30' }, 1)).toBe(
      'Voer een geldige datum in',
    )
    // A new sale has no date fields: an empty sale date is today.
    expect(getStepProblem({ ...form, isCorrection: false, saleDate: '' }, 1)).toBeUndefined()
  })

  test('refuses a split without anybody and says when the wizard cannot show a split', () => {
    const form = createCorrectionForm(sale, [])
    expect(checkSaleCorrection(form)).toEqual({ ok: false, message: 'Minstens één commissieregel' })
    expect(hasUnshownSplits(splits)).toBe(false)
    expect(hasUnshownSplits([...splits, { ...splits[2]!, sellerId: 'dirk' }])).toBe(true)
  })
})

describe('the amount in the payment dialog', () => {
  test('starts from what is open, written the Dutch way', () => {
    expect(toMoneyInput(400_050)).toBe('4000,50')
    expect(toMoneyInput(7)).toBe('0,07')
  })
})

describe('a line on the sale screen', () => {
  const line = {
    kind: 'commission' as const,
    status: 'pending',
    expectedPaymentDate: '2025-04-01',
    commissionAmount: 600_000,
    paidAmount: 250_000,
  }

  test('is overdue when pending past its date, except a clawback', () => {
    expect(getLineStatus(line, '2025-03-31')).toBe('pending')
    expect(getLineStatus(line, '2025-04-02')).toBe('overdue')
    expect(getLineStatus({ ...line, kind: 'clawback' }, '2025-04-02')).toBe('pending')
    expect(getLineStatus({ ...line, status: 'settled' }, '2025-04-02')).toBe('settled')
  })

  test('has what remains open, in the direction of its amount, nothing once cancelled', () => {
    expect(getOpenAmount(line)).toBe(350_000)
    expect(
      getOpenAmount({ commissionAmount: -400_050, paidAmount: -100_000, status: 'pending' }),
    ).toBe(-300_050)
    expect(getOpenAmount({ ...line, status: 'cancelled' })).toBe(0)
  })
})
