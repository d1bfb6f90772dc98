import { X } from 'lucide-react'
import * as Dialog from 'radix-ui/dialog'
import { BrandMark } from '../../components/brand-mark.tsx'
import { SheetOrganisation } from './organisation-switcher.tsx'
import { useSidebar } from './sidebar-context.tsx'
import { SidebarNav } from './sidebar-nav.tsx'

/**
 * Under 768 px the sidebar slides in from the left as an 18rem sheet, naming the
 * organisation (and its switch) above the menu.
 */
export function MobileSidebarSheet() {
  const { isSheetOpen, setSheetOpen } = useSidebar()
  return (
    <Dialog.Root open={isSheetOpen} onOpenChange={setSheetOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-overlay fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="animate-sheet fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar shadow-xl"
        >
          <div className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
            <BrandMark className="size-7" />
            <Dialog.Title className="font-semibold text-lg">Centraal</Dialog.Title>
            <Dialog.Close
              aria-label="Menu sluiten"
              className="ml-auto rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <SheetOrganisation />
          <SidebarNav onNavigate={() => setSheetOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
