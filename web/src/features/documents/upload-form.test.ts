import { describe, expect, it } from 'vitest'
import { initialUploadForm, nameFromFile, uploadFormReducer, uploadProblem, type UploadPreset } from './upload-form'

const pdf = (name = 'scan.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

describe('upload form', () => {
  it('prefills an empty name with the file name before the first dot', () => {
    expect(nameFromFile('insurance.2025.final.pdf')).toBe('insurance')
    expect(nameFromFile('README')).toBe('README')
    const state = uploadFormReducer(initialUploadForm(), { type: 'file', file: pdf('cab-card.v2.pdf') })
    expect(state.name).toBe('cab-card')
    expect(state.file?.name).toBe('cab-card.v2.pdf')
  })

  it('keeps a name that was typed, and a prefilled one when another file is picked', () => {
    let state = uploadFormReducer(initialUploadForm(), { type: 'field', field: 'name', value: 'IFTA Q1' })
    state = uploadFormReducer(state, { type: 'file', file: pdf() })
    expect(state.name).toBe('IFTA Q1')

    state = uploadFormReducer(initialUploadForm(), { type: 'file', file: pdf('first.pdf') })
    state = uploadFormReducer(state, { type: 'file', file: pdf('second.pdf') })
    expect(state.name).toBe('first')
  })

  it('fills a name that is only spaces', () => {
    const state = uploadFormReducer({ ...initialUploadForm(), name: '   ' }, { type: 'file', file: pdf() })
    expect(state.name).toBe('scan')
  })

  it('clears the chosen vehicle when the vehicle type changes', () => {
    let state = uploadFormReducer(initialUploadForm(), { type: 'vehicleType', value: 'truck' })
    state = uploadFormReducer(state, { type: 'field', field: 'vehicleId', value: 'truck-1' })
    expect(uploadFormReducer(state, { type: 'vehicleType', value: 'truck' }).vehicleId).toBe('truck-1')
    const switched = uploadFormReducer(state, { type: 'vehicleType', value: 'trailer' })
    expect(switched).toMatchObject({ vehicleType: 'trailer', vehicleId: '' })
    expect(uploadFormReducer(state, { type: 'vehicleType', value: '' })).toMatchObject({ vehicleType: '', vehicleId: '' })
  })

  it('resets every field, back to the preset of an asset', () => {
    const preset: UploadPreset = { kind: 'vehicle', vehicleType: 'trailer', vehicleId: 'trailer-1', name: 'Reefer 7' }
    let state = initialUploadForm(preset)
    expect(state).toMatchObject({ vehicleType: 'trailer', vehicleId: 'trailer-1', driverId: '' })
    state = uploadFormReducer(state, { type: 'file', file: pdf() })
    state = uploadFormReducer(state, { type: 'field', field: 'documentType', value: 'maintenance' })
    state = uploadFormReducer(state, { type: 'field', field: 'description', value: 'Brakes' })
    state = uploadFormReducer(state, { type: 'field', field: 'issueDate', value: '2025-01-05' })
    state = uploadFormReducer(state, { type: 'field', field: 'expirationDate', value: '2026-01-05' })
    state = uploadFormReducer(state, { type: 'share', value: true })
    state = uploadFormReducer(state, { type: 'vehicleType', value: 'truck' })
    expect(uploadFormReducer(state, { type: 'reset', preset })).toEqual(initialUploadForm(preset))
    expect(uploadFormReducer(state, { type: 'reset' })).toEqual({
      file: null,
      name: '',
      documentType: '',
      vehicleType: '',
      vehicleId: '',
      driverId: '',
      issueDate: '',
      expirationDate: '',
      description: '',
      shareWithDrivers: false,
    })
    expect(initialUploadForm({ kind: 'driver', driverId: 'driver-1', name: 'Dana' })).toMatchObject({
      driverId: 'driver-1',
      vehicleType: '',
      vehicleId: '',
    })
  })

  it('asks for the file first, then the name and type', () => {
    const empty = initialUploadForm()
    expect(uploadProblem(empty)).toBe('fileRequired')
    expect(uploadProblem({ ...empty, name: 'x', documentType: 'maintenance' })).toBe('fileRequired')
    const withFile = uploadFormReducer(empty, { type: 'file', file: pdf() })
    expect(uploadProblem(withFile)).toBe('requiredFields')
    expect(uploadProblem({ ...withFile, name: ' ', documentType: 'maintenance' })).toBe('requiredFields')
    expect(uploadProblem({ ...withFile, documentType: 'maintenance' })).toBeNull()
  })
})
