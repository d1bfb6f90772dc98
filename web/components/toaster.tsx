import { X } from 'lucide-react'
import * as Toast from 'radix-ui/toast'
import { cn } from '../lib/class-names.ts'
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
} from '../lib/toasts.ts'

/** Renders the toasts of lib/toasts (docs/behaviour.md, The shell: one at a time, 5 s, swiped away to the right). */
export function Toaster() {
  const toasts = useToasts()
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      label="Melding"
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id)
          }}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={toast.variant ?? 'default'}
          className={cn(
            'animate-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            toast.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card text-card-foreground',
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <Toast.Title className="font-semibold text-sm">{toast.title}</Toast.Title>
            {toast.description && (
              <Toast.Description className="break-words text-sm opacity-90">
                {toast.description}
              </Toast.Description>
            )}
          </div>
          {toast.action && (
            <Toast.Action
              altText={toast.action.label}
              onClick={toast.action.onAction}
              className="shrink-0 self-center rounded-md border px-3 py-1.5 font-medium text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-current"
            >
              {toast.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Sluiten"
            className="absolute top-2 right-2 rounded-md p-1.5 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label="Meldingen ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:max-w-sm max-md:bottom-[calc(4rem+env(safe-area-inset-bottom))]"
      />
    </Toast.Provider>
  )
}
