import { formatPercentageText, parsePercentage } from '#schema/parse-percentage'
import {
  DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE,
  PLAUSIBLE_COMMISSION_RANGE,
} from '#schema/plausible-commission'
import type { SalesSettings, SalesSettingsChanges } from '../data/use-sales-settings.ts'

/** The settings form as typed: every text field a string. */
export type SettingsValues = {
  xmsEnabled: boolean
  xmsWebhookUrl: string
  xmsApiKey: string
  xmsLocationId: string
  xmsPipelineId: string
  notificationsEnabled: boolean
  defaultRecipientEmail: string
  defaultRecipientPhone: string
  subdomain: string
  paymentTermDays: string
  currency: SalesSettings['currency']
  /** As typed: '12,5' (schema/parse-percentage.ts). */
  plausibleCommissionPercentage: string
}

export function toSettingsValues(settings: SalesSettings): SettingsValues {
  return {
    xmsEnabled: settings.xmsEnabled,
    xmsWebhookUrl: settings.xmsWebhookUrl ?? '',
    xmsApiKey: settings.xmsApiKey ?? '',
    xmsLocationId: settings.xmsLocationId ?? '',
    xmsPipelineId: settings.xmsPipelineId ?? '',
    notificationsEnabled: settings.notificationsEnabled,
    defaultRecipientEmail: settings.defaultRecipientEmail ?? '',
    defaultRecipientPhone: settings.defaultRecipientPhone ?? '',
    subdomain: settings.subdomain ?? '',
    paymentTermDays: String(settings.paymentTermDays),
    currency: settings.currency,
    // A copy kept by a build before the setting has none.
    plausibleCommissionPercentage: formatPercentageText(
      settings.plausibleCommissionPercentage ?? DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE,
    ),
  }
}

/** Empty text becomes null (docs/behaviour.md, The sale wizard); an empty subdomain so falls back to the default. */
const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** The PATCH body of the form. */
export function toSettingsChanges(values: SettingsValues): SalesSettingsChanges {
  return {
    xmsEnabled: values.xmsEnabled,
    xmsWebhookUrl: orNull(values.xmsWebhookUrl),
    xmsApiKey: orNull(values.xmsApiKey),
    xmsLocationId: orNull(values.xmsLocationId),
    xmsPipelineId: orNull(values.xmsPipelineId),
    notificationsEnabled: values.notificationsEnabled,
    defaultRecipientEmail: orNull(values.defaultRecipientEmail),
    defaultRecipientPhone: orNull(values.defaultRecipientPhone),
    subdomain: orNull(values.subdomain),
    paymentTermDays:
      values.paymentTermDays.trim() === '' ? Number.NaN : Number(values.paymentTermDays),
    currency: values.currency,
    // What cannot be read is sent as no number, which the schema refuses before sending.
    plausibleCommissionPercentage: readBound(values.plausibleCommissionPercentage),
  }
}

function readBound(text: string) {
  const parsed = parsePercentage(text, PLAUSIBLE_COMMISSION_RANGE)
  return parsed.ok ? parsed.value : Number.NaN
}
