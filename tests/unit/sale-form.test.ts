import { describe, expect, test } from 'vitest'
import { calculateCommission } from '#schema/commission'
import { SaleCreateSchema } from '#schema/sales'
import {
  calculateForm,
  canOpenStep,
  createSaleForm,
  createTeamLine,
  getStepProblem,
  MISSING_FIELDS_TEXT,
  type SaleForm,
  toSalePayload,
} from '#web/sales/wizard/sale-form.ts'

function filledForm(): SaleForm {
  const form = createSaleForm({ sellerId: 'seller-a', role: 'closer' })
  return {
    ...form,
    projectId: 'project-1',
    propertyNumber: ' B-12 ',
    clientName: 'Familie de Groot',
    salePrice: '452500',
    commissionPercentage: '3',
    discountPercentage: '10',
    totalCosts: '1250.50',
    teamLines: [
      { ...form.teamLines[0]!, percentage: '60' },
      { ...createTeamLine('seller-b', 'setter'), percentage: '40' },
    ],
    extraLines: { ...form.extraLines, referral: { sellerId: 'seller-c', percentage: '15' } },
  }
}

describe('the wizard form', () => {
  test('starts with the documented defaults: commission 5 %, costs 0, discount 0', () => {
    const form = createSaleForm()
    expect([form.commissionPercentage, form.totalCosts, form.discountPercentage]).toEqual([
      '5',
      '0',
      '0',
    ])
    expect(form.teamLines).toHaveLength(1)
  })

  test('a step opens only when every earlier step is filled in', () => {
    let form = createSaleForm()
    expect(canOpenStep(form, 1)).toBe(true)
    expect(canOpenStep(form, 2)).toBe(false)
    form = { ...form, projectId: 'p', propertyNumber: 'B-1' }
    expect(canOpenStep(form, 2)).toBe(true)
    expect(canOpenStep(form, 3)).toBe(false)
    form = { ...form, clientName: 'Klant' }
    expect(canOpenStep(form, 3)).toBe(true)
    expect(canOpenStep(form, 4)).toBe(false)
    form = { ...form, salePrice: '100000' }
    expect(canOpenStep(form, 4)).toBe(true)
    expect(canOpenStep({ ...form, commissionPercentage: '' }, 4)).toBe(false)
  })

  test('each step names its problem', () => {
    const form = filledForm()
    expect(getStepProblem({ ...form, propertyNumber: '  ' }, 1)).toBe(MISSING_FIELDS_TEXT)
    expect(getStepProblem({ ...form, clientName: '' }, 2)).toBe(MISSING_FIELDS_TEXT)
    expect(getStepProblem({ ...form, clientEmail: 'geen-adres' }, 2)).toBe(
      'Voer een geldig e-mailadres in',
    )
    expect(getStepProblem({ ...form, salePrice: '' }, 3)).toBe(MISSING_FIELDS_TEXT)
    expect(getStepProblem({ ...form, commissionPercentage: '101' }, 3)).toMatch(/0 en 100/)
    expect(getStepProblem({ ...form, totalCosts: '-1' }, 3)).toMatch(/negatief/)
    const orphan = {
      ...form,
      extraLines: { ...form.extraLines, manager: { sellerId: '', percentage: '5' } },
    }
    expect(getStepProblem(orphan, 4)).toBe('Kies een verkoper voor elke regel met een percentage')
    for (const step of [1, 2, 3, 4] as const) expect(getStepProblem(form, step)).toBeUndefined()
  })

  test('the payload carries cents from the one arithmetic and passes the server schema', () => {
    const payload = toSalePayload(filledForm())
    const breakdown = calculateCommission({
      salePriceCents: 45_250_000,
      commissionPercentage: 3,
      discountPercentage: 10,
      costsCents: 125_050,
      lines: [
        { commissionType: 'sales', percentage: 60 },
        { commissionType: 'sales', percentage: 40 },
        { commissionType: 'referral', percentage: 15 },
      ],
    })
    expect(payload).toMatchObject({
      projectId: 'project-1',
      propertyNumber: 'B-12',
      salePrice: 45_250_000,
      totalCosts: 125_050,
      commissionAmount: breakdown.netCents,
      clientEmail: null,
      clientPhone: null,
    })
    expect(payload.commissions).toEqual([
      {
        sellerId: 'seller-a',
        role: 'closer',
        commissionType: 'sales',
        commissionPercentage: 60,
        commissionAmount: breakdown.lineAmountsCents[0],
      },
      {
        sellerId: 'seller-b',
        role: 'setter',
        commissionType: 'sales',
        commissionPercentage: 40,
        commissionAmount: breakdown.lineAmountsCents[1],
      },
      {
        sellerId: 'seller-c',
        role: 'Aanbreng',
        commissionType: 'referral',
        commissionPercentage: 15,
        commissionAmount: breakdown.lineAmountsCents[2],
      },
    ])
    expect(SaleCreateSchema.safeParse(payload).success).toBe(true)
  })

  test('the live arithmetic matches the payload and flags extra commissions above 50 %', () => {
    const form = filledForm()
    const live = calculateForm(form)
    const payload = toSalePayload(form)
    expect(live.netCents).toBe(payload.commissionAmount)
    expect([...live.teamAmountsCents, live.extraAmountsCents.referral]).toEqual(
      payload.commissions.map((line) => line.commissionAmount),
    )
    expect(live.costsCents).toBe(125_050)
    expect(live.isExtraAboveWarning).toBe(false)
    const high = calculateForm({
      ...form,
      extraLines: {
        referral: { sellerId: 'c', percentage: '20' },
        manager: { sellerId: 'b', percentage: '20' },
        director: { sellerId: 'a', percentage: '10.01' },
      },
    })
    expect(high.extraPercentage).toBe(50.01)
    expect(high.isExtraAboveWarning).toBe(true)
  })

  test('a Dutch decimal comma is read as a decimal point', () => {
    const form = { ...filledForm(), salePrice: '1234,56', totalCosts: '0', discountPercentage: '0' }
    expect(toSalePayload(form).salePrice).toBe(123_456)
  })

  test('"2,5" in Commissie (%) is 2.5 %, never 25 %: € 310.000 gives € 7.750 gross', () => {
    const form = {
      ...filledForm(),
      salePrice: '310.000',
      commissionPercentage: '2,5',
      discountPercentage: '0',
      totalCosts: '0',
      teamLines: [{ ...filledForm().teamLines[0]!, percentage: '100' }],
      extraLines: createSaleForm().extraLines,
    }
    expect(calculateForm(form).grossCents).toBe(775_000)
    const payload = toSalePayload(form)
    expect([payload.commissionPercentage, payload.commissionAmount]).toEqual([2.5, 775_000])
    expect(getStepProblem(form, 3)).toBeUndefined()
  })

  test('each percentage reads "2,125" and "2.125" as 2.125', () => {
    for (const typed of ['2,125', '2.125']) {
      const form = { ...filledForm(), discountPercentage: typed }
      form.teamLines = [{ ...form.teamLines[0]!, percentage: typed }]
      const payload = toSalePayload(form)
      expect(payload.discountPercentage).toBe(2.125)
      expect(payload.commissions[0]?.commissionPercentage).toBe(2.125)
    }
  })

  test('a percentage that cannot be read stops its step, naming the field', () => {
    const form = filledForm()
    expect(getStepProblem({ ...form, commissionPercentage: '2,5,0' }, 3)).toBe(
      'Commissie (%): "2,5,0" is geen geldig percentage',
    )
    expect(getStepProblem({ ...form, discountPercentage: '2,12345' }, 3)).toBe(
      'Korting (%): "2,12345" heeft meer dan vier decimalen',
    )
    const line = { ...form.teamLines[1]!, percentage: 'veertig' }
    expect(getStepProblem({ ...form, teamLines: [form.teamLines[0]!, line] }, 4)).toBe(
      'Percentage 2: "veertig" is geen geldig percentage',
    )
    const extra = { ...form.extraLines, director: { sellerId: 'seller-a', percentage: '1.5.0' } }
    expect(getStepProblem({ ...form, extraLines: extra }, 4)).toBe(
      'Sales Director %: "1.5.0" is geen geldig percentage',
    )
  })
})
