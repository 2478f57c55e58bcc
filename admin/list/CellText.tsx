/**
 * A list cell on one line (issue 11 item 5): a text longer than the column
 * allows ends in "…", and the whole text shows on hover or keyboard focus.
 * Dates, chips and row buttons never wrap either, so a row keeps one height.
 */
import { Box, Tooltip } from '@mui/material';
import { useState, type ReactNode, type SyntheticEvent } from 'react';

/** Widest a text column grows before its text is cut short. */
export const CELL_MAX_WIDTH = 220;

export function CellText({ children, maxWidth = CELL_MAX_WIDTH }: { children: ReactNode; maxWidth?: number }) {
  const [whole, setWhole] = useState<string | null>(null);
  // Only a cut text gets a tooltip; measured when the pointer or focus arrives, not for every row up front.
  const show = (e: SyntheticEvent<HTMLElement>) => {
    const el = e.currentTarget;
    setWhole(el.scrollWidth > el.clientWidth ? el.textContent : null);
  };
  return (
    <Tooltip title={whole ?? ''} open={whole !== null} placement="bottom-start" disableInteractive>
      <Box
        component="span"
        onMouseEnter={show}
        onMouseLeave={() => setWhole(null)}
        onFocus={show}
        onBlur={() => setWhole(null)}
        sx={{ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
