import type { UploadFields, VehicleKind } from './api/documents-api'

// The upload dialog's state as a reducer of pure steps: the spec's rules
// (prefill the name from the file, clear the vehicle when its type changes,
// reset on success or cancel) are unit-tested here, and its checks answer
// with the spec's toasts rather than messages under fields, which is what a
// react-hook-form schema would give.

/** What the dialog is opened for: an asset's Documents tab sets its vehicle or its driver; a load's, the load. */
export type UploadPreset =
  | { kind: 'vehicle'; vehicleType: VehicleKind; vehicleId: string; name: string }
  | { kind: 'driver'; driverId: string; name: string }
  | { kind: 'load'; loadId: string; name: string }

/** The fields of an upload, before a file is chosen. */
export type UploadFormState = Omit<UploadFields, 'file'> & { file: File | null }

export function initialUploadForm(preset?: UploadPreset): UploadFormState {
  return {
    file: null,
    name: '',
    documentType: '',
    vehicleType: preset?.kind === 'vehicle' ? preset.vehicleType : '',
    vehicleId: preset?.kind === 'vehicle' ? preset.vehicleId : '',
    driverId: preset?.kind === 'driver' ? preset.driverId : '',
    loadId: preset?.kind === 'load' ? preset.loadId : undefined,
    issueDate: '',
    expirationDate: '',
    description: '',
    shareWithDrivers: false,
  }
}

export type UploadFormAction =
  | { type: 'file'; file: File | null }
  | { type: 'vehicleType'; value: VehicleKind | '' }
  | {
      type: 'field'
      field: 'name' | 'documentType' | 'vehicleId' | 'issueDate' | 'expirationDate' | 'description'
      value: string
    }
  | { type: 'share'; value: boolean }
  | { type: 'reset'; preset?: UploadPreset }

/** 'scan.2025.pdf' → 'scan' (spec §5: the file name before the first dot). */
export function nameFromFile(fileName: string): string {
  return fileName.split('.')[0].trim()
}

export function uploadFormReducer(state: UploadFormState, action: UploadFormAction): UploadFormState {
  switch (action.type) {
    case 'file': {
      const next = { ...state, file: action.file }
      // Only an empty name is filled: a name the user typed stays.
      if (action.file && state.name.trim() === '') next.name = nameFromFile(action.file.name)
      return next
    }
    case 'vehicleType':
      // A truck's id is no trailer's: the chosen vehicle goes with its type.
      return action.value === state.vehicleType ? state : { ...state, vehicleType: action.value, vehicleId: '' }
    case 'field':
      return { ...state, [action.field]: action.value }
    case 'share':
      return { ...state, shareWithDrivers: action.value }
    case 'reset':
      return initialUploadForm(action.preset)
  }
}

export type UploadProblem = 'fileRequired' | 'requiredFields'

/** The first missing piece, in the spec's order (§5): the file, then the name and type. */
export function uploadProblem(state: UploadFormState): UploadProblem | null {
  if (!state.file) return 'fileRequired'
  if (!state.name.trim() || !state.documentType) return 'requiredFields'
  return null
}
