COMPUTER_NAMES = ("Rechenmeister", "Zahlenfuchs", "Würfelmann")
