/**
 * The request to open the generation dialog, from the scenario editor's "Generate…" (issue 14):
 * which saved scenario version to run. The dialog reads and closes it.
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
