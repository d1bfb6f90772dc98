/** The names of a form's values that a text field or a select edits. */
type TextName<Values> = {
  [Name in keyof Values]: Values[Name] extends string ? Name : never
}[keyof Values] &
  string

/**
 * Binds fields to a form's values: `field('clientName')` gives the field its name, the
 * value under that name and a change that patches it, so the three cannot disagree.
 */
export function bindFields<Values>(
  values: Values,
  onChange: (patch: Partial<Values>, name: TextName<Values>) => void,
) {
  return <Name extends TextName<Values>>(name: Name) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) =>
      onChange({ [name]: event.target.value } as Partial<Values>, name),
  })
}
