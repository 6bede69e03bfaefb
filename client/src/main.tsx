// Entry point: styles, then start-up.
import './styles.css';
import { startApp } from './app/startApp';

const container = document.getElementById('root');
if (container) void startApp(container);
