import PersonIcon from '@mui/icons-material/PersonOutline';

// Users have no list of their own: they are listed per customer and per project.
export default {
  icon: PersonIcon,
  recordRepresentation: 'name',
};
