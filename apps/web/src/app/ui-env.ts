// Which Mantine environment the UI providers use: 'test' (set by the test renderer) turns off
// transitions and portals for jsdom. A plain React context, so the entry stays free of Mantine.
import { createContext } from 'react';

export type UiEnv = 'default' | 'test';
export const UiEnvContext = createContext<UiEnv>('default');
