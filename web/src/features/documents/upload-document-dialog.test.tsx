import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { setCsrfToken } from '@/lib/api-client'
import { page, stubFetch, trailer, truck } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { documentItem } from './documents-test-fixtures'
import { UploadDocumentDialog } from './upload-document-dialog'
import type { UploadPreset } from './upload-form'

const d = texts.documents

/** An XMLHttpRequest stand-in: records the request; the test answers it. */
class FakeXhr {
  static requests: FakeXhr[] = []
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  withCredentials = false
  status = 0
  responseText = ''
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  aborted = false
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.requests.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = body === undefined ? '' : JSON.stringify(body)
    this.onload?.()
  }
}

beforeEach(() => {
  FakeXhr.requests = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
  setCsrfToken(null)
})

function Harness({ preset }: { preset?: UploadPreset }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="open">{String(open)}</output>
      <UploadDocumentDialog open={open} onOpenChange={setOpen} preset={preset} />
    </>
  )
}

function vehicles(failing = false) {
  return stubFetch({
    'GET /api/fleet/trucks': (url) =>
      failing
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : {
            status: 200,
            body:
              url.searchParams.get('tab') === 'inactive'
                ? page([truck({ id: 'truck-2', name: 'Unit 202', vehicle_id: null })])
                : page([truck()]),
          },
    'GET /api/fleet/trailers': (url) => ({
      status: 200,
      body: url.searchParams.get('tab') === 'inactive' ? page([]) : page([trailer()]),
    }),
  })
}

function render(preset?: UploadPreset) {
  return renderAt('/fleet-dashboard/documents', '/fleet-dashboard/documents', <Harness preset={preset} />)
}

const pdf = (name = 'scan.pdf', size = 12_595) =>
  new File(['%PDF-1.4\n'.padEnd(size, 'x')], name, { type: 'application/pdf' })

const dialog = () => screen.getByRole('dialog')
const field = (label: string) => within(dialog()).getByLabelText(label)
const clickUpload = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(dialog()).getByRole('button', { name: d.uploadButton }))

/** Opens the dialog and sends a maintenance document with only the required fields. */
async function startUpload(user: ReturnType<typeof userEvent.setup>, file = pdf()) {
  vehicles()
  render()
  await user.upload(field(d.fileLabel), file)
  await user.selectOptions(field(d.typeLabel), d.types.maintenance)
  await clickUpload(user)
}

describe('upload document dialog', () => {
  it('shows its title, description and fields', () => {
    vehicles()
    render()
    expect(within(dialog()).getByRole('heading', { name: d.dialogTitle })).toBeInTheDocument()
    expect(within(dialog()).getByText(d.dialogDescription)).toBeInTheDocument()
    for (const label of [
      d.fileLabel,
      d.nameLabel,
      d.typeLabel,
      d.vehicleTypeLabel,
      d.vehicleLabel,
      d.issueDateLabel,
      d.expirationDateLabel,
      d.descriptionLabel,
      d.shareWithDrivers,
    ]) {
      expect(field(label)).toBeInTheDocument()
    }
    expect(field(d.vehicleLabel)).toBeDisabled()
    // The placeholder, the spec's twelve types and a driver's own three (CDL, medical certificate, qualification).
    expect(within(field(d.typeLabel)).getAllByRole('option')).toHaveLength(16)
    expect(within(field(d.typeLabel)).getByRole('option', { name: d.types.driver_medical_card })).toBeInTheDocument()
  })

  it('asks for a file first, then for the name and type', async () => {
    const user = userEvent.setup()
    vehicles()
    render()
    await clickUpload(user)
    expect(await screen.findByText(d.fileRequired)).toBeInTheDocument()

    await user.upload(field(d.fileLabel), pdf())
    await user.clear(field(d.nameLabel))
    await clickUpload(user)
    expect(await screen.findByText(d.requiredFields)).toBeInTheDocument()

    await user.type(field(d.nameLabel), 'Scan')
    await clickUpload(user)
    await waitFor(() => expect(screen.getAllByText(d.requiredFields).length).toBeGreaterThan(0))
    expect(FakeXhr.requests).toHaveLength(0)
  })

  it('shows the chosen file with its size and prefills the name', async () => {
    const user = userEvent.setup()
    vehicles()
    render()
    await user.upload(field(d.fileLabel), pdf('cab-card.2025.pdf'))
    expect(within(dialog()).getByText('cab-card.2025.pdf (12.3 KB)')).toBeInTheDocument()
    expect(field(d.nameLabel)).toHaveValue('cab-card')
  })

  it('lists the chosen kind of vehicle and clears the vehicle when the kind changes', async () => {
    const user = userEvent.setup()
    const fetchMock = vehicles()
    render()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.selectOptions(field(d.vehicleTypeLabel), d.vehicleTypes.truck)
    expect(field(d.vehicleLabel)).toBeEnabled()
    await waitFor(() => expect(within(field(d.vehicleLabel)).getByRole('option', { name: 'Unit 202' })).toBeInTheDocument())
    expect(within(field(d.vehicleLabel)).getAllByRole('option').map((option) => option.textContent)).toEqual([
      d.vehicleLabel,
      'Unit 101 (281474)',
      'Unit 202',
    ])
    await user.selectOptions(field(d.vehicleLabel), 'Unit 202')
    expect(field(d.vehicleLabel)).toHaveValue('truck-2')

    await user.selectOptions(field(d.vehicleTypeLabel), d.vehicleTypes.trailer)
    expect(field(d.vehicleLabel)).toHaveValue('')
    await waitFor(() =>
      expect(within(field(d.vehicleLabel)).getByRole('option', { name: 'Reefer 7 (TR-7)' })).toBeInTheDocument(),
    )
    expect(within(field(d.vehicleLabel)).queryByRole('option', { name: 'Unit 202' })).not.toBeInTheDocument()
  })

  it('says so when the vehicles cannot be loaded', async () => {
    const user = userEvent.setup()
    vehicles(true)
    render()
    await user.selectOptions(field(d.vehicleTypeLabel), d.vehicleTypes.truck)
    expect(await within(dialog()).findByText(d.loadVehiclesFailed)).toBeInTheDocument()
  })

  it('uploads every field before the file with the CSRF header, shows progress, then resets and closes', async () => {
    const user = userEvent.setup()
    vehicles()
    setCsrfToken('csrf-7')
    render()
    await user.upload(field(d.fileLabel), pdf())
    await user.selectOptions(field(d.typeLabel), d.types.truck_registration)
    await user.selectOptions(field(d.vehicleTypeLabel), d.vehicleTypes.truck)
    await waitFor(() => expect(within(field(d.vehicleLabel)).getByRole('option', { name: 'Unit 101 (281474)' })).toBeInTheDocument())
    await user.selectOptions(field(d.vehicleLabel), 'Unit 101 (281474)')
    await user.type(field(d.issueDateLabel), '2025-01-05')
    await user.type(field(d.expirationDateLabel), '2026-02-03')
    await user.type(field(d.descriptionLabel), 'Cab card')
    await user.click(field(d.shareWithDrivers))
    await clickUpload(user)

    expect(FakeXhr.requests).toHaveLength(1)
    const xhr = FakeXhr.requests[0]
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/fleet/documents'])
    expect(xhr.headers['X-CSRF-Token']).toBe('csrf-7')
    const body = xhr.body!
    expect([...body.keys()]).toEqual([
      'name',
      'document_type',
      'vehicle_type',
      'vehicle_id',
      'driver_id',
      'issue_date',
      'expiration_date',
      'description',
      'share_with_drivers',
      'file',
    ])
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      name: 'scan',
      document_type: 'truck_registration',
      vehicle_type: 'truck',
      vehicle_id: 'truck-1',
      driver_id: '',
      issue_date: '2025-01-05',
      expiration_date: '2026-02-03',
      description: 'Cab card',
      share_with_drivers: 'true',
    })
    expect((body.get('file') as File).name).toBe('scan.pdf')

    expect(await within(dialog()).findByRole('button', { name: d.uploading })).toBeDisabled()
    xhr.progress(40, 100)
    await waitFor(() => expect(within(dialog()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'))

    xhr.respond(201, documentItem())
    expect(await screen.findByText(d.uploadedTitle)).toBeInTheDocument()
    expect(screen.getByText(d.uploaded)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('open')).toHaveTextContent('false'))

    await user.click(screen.getByRole('button', { name: 'open' }))
    expect(field(d.nameLabel)).toHaveValue('')
    expect(field(d.typeLabel)).toHaveValue('')
    expect(field(d.vehicleTypeLabel)).toHaveValue('')
    expect(field(d.descriptionLabel)).toHaveValue('')
    expect(field(d.shareWithDrivers)).toHaveAttribute('aria-checked', 'false')
    expect(within(dialog()).queryByText(/KB\)$/)).not.toBeInTheDocument()
  })

  it("shows the server's message for a refused file and keeps the fields", async () => {
    const user = userEvent.setup()
    await startUpload(user, pdf('x.pdf'))
    const message = 'This file type is not allowed (application/x-msdownload). Upload a PDF, JPEG, PNG, HEIC, TIFF, DOCX, XLSX, CSV or TXT file.'
    FakeXhr.requests[0].respond(415, { error: { code: 'unsupported_media_type', message } })
    expect(await within(dialog()).findByText(message)).toBeInTheDocument()
    expect(field(d.nameLabel)).toHaveValue('x')
    expect(field(d.typeLabel)).toHaveValue('maintenance')
    expect(within(dialog()).getByText('x.pdf (12.3 KB)')).toBeInTheDocument()
    expect(screen.getByTestId('open')).toHaveTextContent('true')
  })

  it('shows field messages of a 422 beside their fields', async () => {
    const user = userEvent.setup()
    await startUpload(user)
    FakeXhr.requests[0].respond(422, {
      error: { code: 'invalid', message: 'Invalid fields', fields: { expiration_date: d.expirationBeforeIssue } },
    })
    expect(await within(dialog()).findByText(d.expirationBeforeIssue)).toBeInTheDocument()
  })

  it('says the upload failed on any other error', async () => {
    const user = userEvent.setup()
    await startUpload(user)
    FakeXhr.requests[0].respond(500, { error: { code: 'internal', message: 'An unexpected error occurred' } })
    expect(await screen.findByText(d.uploadFailed)).toBeInTheDocument()
    expect(screen.getByTestId('open')).toHaveTextContent('true')
  })

  it('Cancel stops a running upload, closes and resets the fields', async () => {
    const user = userEvent.setup()
    await startUpload(user)
    await user.click(within(dialog()).getByRole('button', { name: d.cancel }))
    expect(FakeXhr.requests[0].aborted).toBe(true)
    expect(screen.getByTestId('open')).toHaveTextContent('false')
    expect(screen.queryByText(d.uploadFailed)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'open' }))
    expect(field(d.nameLabel)).toHaveValue('')
    expect(field(d.typeLabel)).toHaveValue('')
  })

  it("is set to an asset's vehicle, and back to it after a reset", async () => {
    const user = userEvent.setup()
    vehicles()
    render({ kind: 'vehicle', vehicleType: 'trailer', vehicleId: 'trailer-1', name: 'Reefer 7' })
    expect(field(d.vehicleTypeLabel)).toHaveValue('trailer')
    await waitFor(() => expect(field(d.vehicleLabel)).toHaveValue('trailer-1'))
    await user.selectOptions(field(d.vehicleTypeLabel), d.vehicleTypes.truck)
    expect(field(d.vehicleLabel)).toHaveValue('')
    await user.click(within(dialog()).getByRole('button', { name: d.cancel }))
    await user.click(screen.getByRole('button', { name: 'open' }))
    expect(field(d.vehicleTypeLabel)).toHaveValue('trailer')
    expect(field(d.vehicleLabel)).toHaveValue('trailer-1')
  })

  it("sends a driver's id when opened from the driver's Documents tab", async () => {
    const user = userEvent.setup()
    vehicles()
    render({ kind: 'driver', driverId: 'driver-1', name: 'Dana Driver' })
    expect(field(d.driver)).toHaveValue('Dana Driver')
    await user.upload(field(d.fileLabel), pdf())
    await user.selectOptions(field(d.typeLabel), d.types.safety_report)
    await clickUpload(user)
    const body = FakeXhr.requests[0].body!
    expect(body.get('driver_id')).toBe('driver-1')
    expect(body.get('vehicle_type')).toBe('')
    expect(body.get('vehicle_id')).toBe('')
  })
})
