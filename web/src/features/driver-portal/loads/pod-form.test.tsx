import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { texts } from '@/lib/texts'
import { dollarsToCents } from './documents-to-send'
import { PodForm, ReceiptForm } from './pod-form'

const t = texts.portalLoads

describe('dollarsToCents', () => {
  it('reads what a driver types and refuses what is not an amount', () => {
    expect(dollarsToCents('125')).toBe(12500)
    expect(dollarsToCents('$1,250.5')).toBe(125050)
    expect(dollarsToCents(' 0.07 ')).toBe(7)
    for (const bad of ['', 'abc', '1.234', '-5', '12345678']) expect(dollarsToCents(bad)).toBeNull()
  })
})

describe('the POD form', () => {
  it('asks for a page and the receiver before sending, then sends both', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined)
    render(<PodForm busy={false} onSend={onSend} />)
    await userEvent.click(screen.getByRole('button', { name: t.podSend }))
    expect(screen.getByText(t.podFilesRequired)).toBeInTheDocument()
    expect(screen.getByText(t.receiverNameRequired)).toBeInTheDocument()
    expect(onSend).not.toHaveBeenCalled()

    const page = new File(['x'], 'page-1.jpg', { type: 'image/jpeg' })
    await userEvent.upload(screen.getByLabelText(t.podAddPages), page)
    await userEvent.type(screen.getByLabelText(t.receiverName), '  Pat Receiver ')
    await userEvent.click(screen.getByRole('button', { name: t.podSend }))
    expect(onSend).toHaveBeenCalledWith({ kind: 'pod', files: [page], receiverName: 'Pat Receiver' })
  })

  it('sends a lumper receipt with its amount in cents', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined)
    render(<ReceiptForm busy={false} onSend={onSend} />)
    await userEvent.type(screen.getByLabelText(t.receiptAmount), 'twelve')
    await userEvent.click(screen.getByRole('button', { name: t.receiptSend }))
    expect(screen.getByText(t.receiptAmountInvalid)).toBeInTheDocument()
    expect(screen.getByText(t.receiptFileRequired)).toBeInTheDocument()

    const receipt = new File(['%PDF-1.4'], 'lumper.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getByLabelText(t.receiptFile), receipt)
    await userEvent.clear(screen.getByLabelText(t.receiptAmount))
    await userEvent.type(screen.getByLabelText(t.receiptAmount), '185.00')
    await userEvent.click(screen.getByRole('button', { name: t.receiptSend }))
    expect(onSend).toHaveBeenCalledWith({ kind: 'lumper_receipt', files: [receipt], amountCents: 18500 })
  })
})
