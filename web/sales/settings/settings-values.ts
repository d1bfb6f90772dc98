import type { SalesSettings, SalesSettingsChanges } from '../data/use-sales-settings.ts'

/** The settings form as typed: every text field a string. */
export type SettingsValues = {
  xmsEnabled: boolean
  xmsWebhookUrl: string
  xmsApiKey: string
  xmsLocationId: string
  xmsPipelineId: string
  defaultRecipientEmail: string
  defaultRecipientPhone: string
  subdomain: string
  paymentTermDays: string
  currency: SalesSettings['currency']
}

export function toSettingsValues(settings: SalesSettings): SettingsValues {
  return {
    xmsEnabled: settings.xmsEnabled,
    xmsWebhookUrl: settings.xmsWebhookUrl ?? '',
    xmsApiKey: settings.xmsApiKey ?? '',
    xmsLocationId: settings.xmsLocationId ?? '',
    xmsPipelineId: settings.xmsPipelineId ?? '',
    defaultRecipientEmail: settings.defaultRecipientEmail ?? '',
    defaultRecipientPhone: settings.defaultRecipientPhone ?? '',
    subdomain: settings.subdomain ?? '',
    paymentTermDays: String(settings.paymentTermDays),
    currency: settings.currency,
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
    defaultRecipientEmail: orNull(values.defaultRecipientEmail),
    defaultRecipientPhone: orNull(values.defaultRecipientPhone),
    subdomain: orNull(values.subdomain),
    paymentTermDays:
      values.paymentTermDays.trim() === '' ? Number.NaN : Number(values.paymentTermDays),
    currency: values.currency,
  }
}
