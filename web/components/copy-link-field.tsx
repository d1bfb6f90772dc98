import { Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from './button.tsx'
import { Input } from './input.tsx'

type CopyLinkFieldProps = {
  label: string
  value: string
  /** What the copy button says to a screen reader; a key is not a link. */
  copyLabel?: string
}

/** A read-only link with a copy button; without clipboard access it selects the text. */
export function CopyLinkField({ label, value, copyLabel = 'Kopieer link' }: CopyLinkFieldProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [isCopied, setIsCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setIsCopied(true)
      setTimeout(() => setIsCopied(false), 2000)
    } catch {
      // Plain http on a LAN address has no clipboard API: let the user copy it.
      inputRef.current?.select()
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={value}
          readOnly
          onFocus={(event) => event.target.select()}
          className="font-mono text-xs md:text-xs"
        />
        <Button variant="outline" onClick={copy} aria-label={isCopied ? 'Gekopieerd' : copyLabel}>
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          <span className="hidden sm:inline">{isCopied ? 'Gekopieerd' : 'Kopieer'}</span>
        </Button>
      </div>
    </div>
  )
}
