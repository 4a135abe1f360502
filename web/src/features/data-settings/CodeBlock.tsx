import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeBlockProps {
  /** What the block is (its heading and the copy button's label). */
  title: string;
  code: string;
  testId?: string;
}

/** A titled block of code that scrolls sideways inside itself, with a button that copies it. */
export function CodeBlock({ title, code, testId }: CodeBlockProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // No clipboard outside a secure context (plain http to another host): the text stays selectable.
    if (!navigator.clipboard) return;
    await navigator.clipboard.writeText(code);
    setCopied(true);
  };
  const label = copied ? t('dataSettings.copied') : t('dataSettings.copyOf', { what: title });
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => void copy()}>
            {copied ? <CheckOutlined fontSize="small" color="success" /> : <ContentCopyOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          overflowX: 'auto',
          fontSize: '0.8125rem',
          lineHeight: 1.5,
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
