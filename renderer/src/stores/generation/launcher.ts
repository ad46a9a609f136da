/**
 * Which scenario version the Start-generation dialog is open for: the scenario editor (and the
 * runs view) ask for it here, the dialog mounted with the app's global dialogs answers.
 */
import { create } from 'zustand';

export interface GenerationLaunchRequest {
  scenarioVersionId: string;
}

export interface GenerationLauncherState {
  request: GenerationLaunchRequest | null;
  open(request: GenerationLaunchRequest): void;
  close(): void;
}

export const useGenerationLauncher = create<GenerationLauncherState>()((set) => ({
  request: null,
  open: (request) => set({ request }),
  close: () => set({ request: null }),
}));
