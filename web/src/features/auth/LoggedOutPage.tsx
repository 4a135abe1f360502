import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../config';
import { useDocumentTitle } from '../../shared/documentTitle';

/** The signed-out page, outside the default layout. */
export default function LoggedOutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('loggedOut.title'));
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ maxWidth: 440, width: '100%' }}>
        <CardContent sx={{ textAlign: 'center', p: 5 }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 56, mb: 2 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            {t('loggedOut.message')}
          </Typography>
          <Button href={LOGIN_PATH} variant="contained" sx={{ mt: 3 }}>
            {t('loggedOut.signIn')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
