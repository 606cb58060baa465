import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input } from './input'
import { Textarea } from './textarea'

describe('read-only fields', () => {
  it('look read-only: a muted field without the edit focus ring', () => {
    render(
      <>
        <Input aria-label="DOT number" readOnly value="3000001" />
        <Input aria-label="Legal name" defaultValue="Acme" />
        <Textarea aria-label="Notes" readOnly value="Fixed" />
      </>,
    )
    for (const field of [screen.getByLabelText('DOT number'), screen.getByLabelText('Notes')]) {
      expect(field).toHaveClass('bg-muted', 'cursor-default')
      expect(field).not.toHaveClass('bg-white', 'focus-visible:border-primary', 'focus-visible:outline-primary')
    }
    const editable = screen.getByLabelText('Legal name')
    expect(editable).toHaveClass('bg-white', 'focus-visible:border-primary')
    expect(editable).not.toHaveClass('bg-muted')
  })
})
