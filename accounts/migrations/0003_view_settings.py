from django.db import migrations, models


def sound_off(apps, schema_editor):
    # Until now "Klänge" defaulted to on and did nothing; nobody can have chosen it knowingly, so every
    # account starts quiet and turns sound on in the gear menu or the profile (docs/presentation.md).
    apps.get_model("accounts", "User").objects.filter(sound=True).update(sound=False)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_user_login_notice")]

    operations = [
        migrations.AlterField(
            model_name="user",
            name="sound",
            field=models.BooleanField(default=False, verbose_name="Klänge"),
        ),
        migrations.AddField(
            model_name="user",
            name="view_prefs",
            field=models.JSONField(blank=True, default=dict, verbose_name="Ansicht je Spiel"),
        ),
        migrations.RunPython(sound_off, migrations.RunPython.noop),
    ]
